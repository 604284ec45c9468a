package match

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Limits on what the referee keeps of a bot's output.
const (
	// MaxLineBytes is the longest output line kept; the rest of a longer
	// line is read and dropped (the line is then invalid for any game).
	MaxLineBytes = 16 << 10
	// MaxStderrBytes is how much of a bot's stderr is kept per game; more
	// is read and counted, so a chatty bot never blocks on a full pipe.
	MaxStderrBytes = 256 << 10
)

// SplitCommand splits a command line into words the way a POSIX shell
// splits a simple command, without running a shell: words are separated by
// blanks; '…' quotes literally; "…" quotes with \" \\ \$ \` escapes;
// outside quotes a backslash escapes the next character. Pipes,
// redirections, variables and globs are not interpreted: to use them, run
// the shell yourself, as in: sh -c 'exec ./bot 2>bot.log'.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("command %q: column %d: unterminated '", s, i+1)
			}
			w.WriteString(s[i+1 : i+1+j])
			i += 1 + j
		case c == '"':
			inWord = true
			closed := false
			for i++; i < len(s); i++ {
				if s[i] == '"' {
					closed = true
					break
				}
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				w.WriteByte(s[i])
			}
			if !closed {
				return nil, fmt.Errorf("command %q: unterminated \"", s)
			}
		case c == '\\':
			inWord = true
			if i+1 < len(s) {
				i++
				w.WriteByte(s[i])
			}
		default:
			inWord = true
			w.WriteByte(c)
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	if len(words) == 0 {
		return nil, errors.New("empty command")
	}
	return words, nil
}

// BUG(match): output is read as a stream, so extra lines answer the next
// turn; that CodinGame's server does the same is believed, not checked.

// Failure is why a bot gave no valid answer to a turn.
type Failure int

// The failures of a turn.
const (
	NoFailure Failure = iota
	// Late: the expected lines were not all read within the time limit.
	Late
	// NotReading: the input could not be written within the time limit
	// (the bot does not read its input and the pipe is full).
	NotReading
	// Crashed: the bot closed its output (it exited or crashed) before
	// answering.
	Crashed
)

func (f Failure) String() string {
	switch f {
	case Late:
		return "timeout"
	case NotReading:
		return "timeout (input not read)"
	case Crashed:
		return "crash"
	}
	return "ok"
}

// bot is one running bot process: its own process group, its stdin and
// stdout as pipes with deadlines, its stderr drained into a bounded buffer.
type bot struct {
	cmd    *exec.Cmd
	stdin  *os.File // our end: non-blocking, with deadlines
	stdout *os.File
	stderr *stderrBuffer

	buf      []byte // stdout read but not yet split into lines
	skipping bool   // dropping the rest of an over-long line
	chunk    []byte
	exited   error // Wait's result, once stopped
	// interrupted is set before interrupt moves the deadlines to the past,
	// and checked by turn after it sets them: no interrupt is lost.
	interrupted atomic.Bool
}

// startBot starts argv in its own process group.
func startBot(argv []string) (*bot, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	b := &bot{stdin: inW, stdout: outR, stderr: &stderrBuffer{}, chunk: make([]byte, 4096)}
	b.cmd = exec.Command(argv[0], argv[1:]...)
	b.cmd.Stdin, b.cmd.Stdout, b.cmd.Stderr = inR, outW, b.stderr
	b.cmd.SysProcAttr = botSysProcAttr()
	// A grandchild that left the group and holds stderr must not hang Wait.
	b.cmd.WaitDelay = time.Second
	err = b.cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	return b, nil
}

// interrupt makes a blocked turn return at once (safe from any goroutine).
func (b *bot) interrupt() {
	b.interrupted.Store(true)
	past := time.Unix(1, 0)
	b.stdin.SetWriteDeadline(past)
	b.stdout.SetReadDeadline(past)
}

// turn writes the input lines and reads want lines, within limit of the
// moment the input starts being written. It returns the lines, the time
// they took, and the failure if they did not all come.
func (b *bot) turn(input []string, want int, limit time.Duration) ([]string, time.Duration, Failure) {
	var payload bytes.Buffer
	for _, l := range input {
		payload.WriteString(l)
		payload.WriteByte('\n')
	}
	start := time.Now()
	deadline := start.Add(limit)
	b.stdin.SetWriteDeadline(deadline)
	if b.interrupted.Load() {
		return nil, 0, Late
	}
	if _, err := b.stdin.Write(payload.Bytes()); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return nil, time.Since(start), NotReading
		}
		return nil, time.Since(start), Crashed // EPIPE: nobody reads
	}
	lines := make([]string, 0, want)
	for len(lines) < want {
		if l, ok := b.nextLine(); ok {
			lines = append(lines, l)
			continue
		}
		b.stdout.SetReadDeadline(deadline)
		if b.interrupted.Load() {
			return lines, time.Since(start), Late
		}
		n, err := b.stdout.Read(b.chunk)
		b.take(b.chunk[:n])
		if err != nil && n == 0 {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				return lines, time.Since(start), Late
			}
			return lines, time.Since(start), Crashed
		}
	}
	return lines, time.Since(start), NoFailure
}

// take appends read bytes to the unsplit output. A line longer than
// MaxLineBytes is cut there and the rest of it dropped.
func (b *bot) take(p []byte) {
	for len(p) > 0 {
		seg := p
		i := bytes.IndexByte(p, '\n')
		if i >= 0 {
			seg = p[:i+1]
		}
		p = p[len(seg):]
		if b.skipping {
			b.skipping = i < 0
			continue
		}
		partial := len(b.buf) - (bytes.LastIndexByte(b.buf, '\n') + 1)
		body := seg
		if i >= 0 {
			body = seg[:i]
		}
		if partial+len(body) > MaxLineBytes {
			b.buf = append(b.buf, body[:MaxLineBytes-partial]...)
			b.buf = append(b.buf, '\n')
			b.skipping = i < 0
			continue
		}
		b.buf = append(b.buf, seg...)
	}
}

// nextLine returns the next complete line without its "\n" or "\r\n".
func (b *bot) nextLine() (string, bool) {
	i := bytes.IndexByte(b.buf, '\n')
	if i < 0 {
		return "", false
	}
	l := string(bytes.TrimSuffix(b.buf[:i], []byte{'\r'}))
	n := copy(b.buf, b.buf[i+1:])
	b.buf = b.buf[:n]
	return l, true
}

// stop kills the bot's whole process group, closes our pipe ends and
// reaps the process. It returns the bot's exit status as Wait reports it.
func (b *bot) stop() error {
	if b.cmd.Process != nil {
		killGroup(b.cmd.Process)
	}
	b.stdin.Close()
	b.stdout.Close()
	b.exited = b.cmd.Wait()
	return b.exited
}

// stderrBuffer keeps the first MaxStderrBytes of a bot's stderr and counts
// the rest; take returns what arrived since the last take.
type stderrBuffer struct {
	mu      sync.Mutex
	data    []byte
	taken   int
	dropped int64
}

var _ io.Writer = (*stderrBuffer)(nil)

func (s *stderrBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	keep := MaxStderrBytes - len(s.data)
	if keep > len(p) {
		keep = len(p)
	}
	if keep > 0 {
		s.data = append(s.data, p[:keep]...)
	}
	s.dropped += int64(len(p) - keep)
	return len(p), nil
}

// take returns the stderr written since the last take.
func (s *stderrBuffer) take() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := string(s.data[s.taken:])
	s.taken = len(s.data)
	return out
}

// all returns the kept stderr, with a note of what was dropped.
func (s *stderrBuffer) all() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := string(s.data)
	if s.dropped > 0 {
		out += fmt.Sprintf("\n[referee: %d more bytes of stderr dropped]\n", s.dropped)
	}
	return out
}
