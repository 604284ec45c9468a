package queue

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"impulse/referee/match"
	"impulse/sim"
)

// Client is a connection to a queue's server, for a match or a worker.
type Client struct {
	nc *nats.Conn
	js jetstream.JetStream

	mu sync.Mutex
	// shipped are the files Ship stored, by path: shipped again while
	// their size and modification time stay, without reading them.
	shipped map[string]shippedFile
}

// shippedFile is a file Ship stored: its size and time when it was read,
// and its sha256 (hex).
type shippedFile struct {
	size int64
	mod  time.Time
	sha  string
}

// Dial connects to the server at url (nats://HOST:PORT, see CheckURL)
// with token ("" for none). The connection comes back by itself after the
// server restarts.
func Dial(url, token string) (*Client, error) {
	if err := CheckURL(url); err != nil {
		return nil, err
	}
	opts := []nats.Option{
		nats.Name("impulse referee"),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.RetryOnFailedConnect(false),
	}
	if token != "" {
		opts = append(opts, nats.Token(token))
	}
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		if errors.Is(err, nats.ErrAuthorization) {
			return nil, fmt.Errorf("%s: the server wants a token: -token, the one it was started with (%w)", url, err)
		}
		return nil, fmt.Errorf("%s: %w", url, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, err
	}
	return &Client{nc: nc, js: js}, nil
}

// Close closes the connection.
func (c *Client) Close() { c.nc.Close() }

// Bot is a player as it travels to the workers.
type Bot struct {
	Name string `json:"name"`
	// Builtin reports whether Argv are a built-in bot's words after the
	// command that runs built-ins ("csb/ga", "-iterations", "300"): each
	// worker runs them with its own binary.
	Builtin bool `json:"builtin,omitempty"`
	// Argv is the command otherwise: Argv[0] is found on the worker's
	// PATH, or, with Object set, is the shipped file.
	Argv []string `json:"argv"`
	// Object is the sha256 (hex) of the file Argv[0] names, in the bots
	// bucket; "" for a command the worker has.
	Object string `json:"object,omitempty"`
}

// Ship turns a match's player into a Bot. A command that starts with
// builtin (the words that run a built-in bot here: this program and
// "bot") is a built-in, which each worker runs with its own binary. A
// command whose first word is a path to a file (./mybot, bin/mybot) ships
// that file: it is stored once in the bots bucket by its content hash
// (and read once by this client while its size and time stay the same:
// a tuner ships the same file with each pair).
// Any other first word must be on each worker's PATH. Only the first word
// travels: warnings name the other words that are files here, which a
// worker will not have unless it has them in its working folder.
func (c *Client) Ship(ctx context.Context, p match.Player, builtin []string) (b Bot, warnings []string, err error) {
	b.Name = p.Name
	if len(p.Argv) == 0 {
		return b, nil, errors.New("no command")
	}
	if len(builtin) > 0 && len(p.Argv) > len(builtin) && equalWords(p.Argv[:len(builtin)], builtin) {
		b.Builtin, b.Argv = true, append([]string(nil), p.Argv[len(builtin):]...)
		return b, nil, nil
	}
	b.Argv = append([]string(nil), p.Argv...)
	for _, w := range p.Argv[1:] {
		if st, err := os.Stat(w); err == nil && st.Mode().IsRegular() {
			warnings = append(warnings, fmt.Sprintf("%s: %s is a file here and is not shipped (only the command, %s, travels): each worker needs it in its working folder", p.Name, w, p.Argv[0]))
		}
	}
	if !strings.ContainsRune(p.Argv[0], '/') && !strings.ContainsRune(p.Argv[0], filepath.Separator) {
		warnings = append(warnings, fmt.Sprintf("%s: %s is not shipped: each worker runs the %s on its PATH", p.Name, p.Argv[0], p.Argv[0]))
		return b, warnings, nil
	}
	st, err := os.Stat(p.Argv[0])
	if err != nil {
		return b, warnings, fmt.Errorf("%s cannot be shipped to the workers: %w", p.Argv[0], err)
	}
	c.mu.Lock()
	f, ok := c.shipped[p.Argv[0]]
	c.mu.Unlock()
	if ok && f.size == st.Size() && f.mod.Equal(st.ModTime()) {
		b.Object = f.sha // stored by this client, unchanged since
		return b, warnings, nil
	}
	data, err := os.ReadFile(p.Argv[0])
	if err != nil {
		return b, warnings, fmt.Errorf("%s cannot be shipped to the workers: %w", p.Argv[0], err)
	}
	sum := sha256.Sum256(data)
	b.Object = hex.EncodeToString(sum[:])
	store, err := c.js.ObjectStore(ctx, botsBucket)
	if err != nil {
		return b, warnings, c.noQueue(err)
	}
	if _, err := store.GetInfo(ctx, b.Object); err != nil { // else shipped before
		if _, err := store.PutBytes(ctx, b.Object, data); err != nil {
			return b, warnings, fmt.Errorf("shipping %s: %w", p.Argv[0], err)
		}
	}
	c.mu.Lock()
	if c.shipped == nil {
		c.shipped = map[string]shippedFile{}
	}
	c.shipped[p.Argv[0]] = shippedFile{st.Size(), st.ModTime(), b.Object}
	c.mu.Unlock()
	return b, warnings, nil
}

func equalWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// noQueue says that the server lacks the queue's streams, or the error.
func (c *Client) noQueue(err error) error {
	if errors.Is(err, jetstream.ErrStreamNotFound) || errors.Is(err, jetstream.ErrBucketNotFound) || errors.Is(err, jetstream.ErrConsumerNotFound) {
		return fmt.Errorf("%s: %w", c.nc.ConnectedUrlRedacted(), errNoQueue)
	}
	return err
}

// Run is a match as the queue keeps it: the games and how to play them.
// A run's id names it in the subjects and in "referee match -resume".
type Run struct {
	ID        string    `json:"id"`
	Game      string    `json:"game"`
	Rules     sim.Rules `json:"rules"`
	TimeScale float64   `json:"time_scale"`
	Players   [2]Bot    `json:"players"`
	// Seeds are the pairs' seeds: game i is pair i/2, p1 in seat 1 when
	// i is odd.
	Seeds   []int64   `json:"seeds"`
	Replays bool      `json:"replays"` // the workers send each game's replay
	Created time.Time `json:"created"`
}

// validID matches a run's id: a subject token and a KV key.
var validID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// NewRunID returns a fresh run id: the time and a random suffix.
func NewRunID() string {
	var b [3]byte
	rand.Read(b[:])
	return time.Now().UTC().Format("20060102-150405-") + hex.EncodeToString(b[:])
}

// CheckRunID reports an error for a string that cannot be a run's id.
func CheckRunID(id string) error {
	if !validID.MatchString(id) {
		return fmt.Errorf("run id %q: want letters, digits, - and _ (as printed by referee match -server)", id)
	}
	return nil
}

// botFile returns the path of the shipped bot sha in cacheDir, fetching
// it from the bots bucket the first time, executable.
func (c *Client) botFile(ctx context.Context, cacheDir, sha string) (string, error) {
	if !validSHA.MatchString(sha) {
		return "", fmt.Errorf("bot object %q is not a sha256", sha)
	}
	path := filepath.Join(cacheDir, sha)
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		return path, nil
	}
	store, err := c.js.ObjectStore(ctx, botsBucket)
	if err != nil {
		return "", c.noQueue(err)
	}
	data, err := store.GetBytes(ctx, sha)
	if err != nil {
		return "", fmt.Errorf("bot %s: %w", sha, err)
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != sha {
		return "", fmt.Errorf("bot %s: the file fetched has sha256 %x", sha, sum)
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", err
	}
	// No process may be forked while the file is open for writing: the
	// child would hold it open until its exec, and running the file
	// then fails with "text file busy" (Go issue 22315). Forks take
	// ForkLock for writing.
	syscall.ForkLock.RLock()
	tmp, err := os.CreateTemp(cacheDir, sha+".*.part")
	if err == nil {
		_, err = tmp.Write(data)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
	}
	syscall.ForkLock.RUnlock()
	if tmp != nil {
		defer os.Remove(tmp.Name())
	}
	if err != nil {
		return "", fmt.Errorf("bot %s: %w", sha, err)
	}
	if err := os.Chmod(tmp.Name(), 0o755); err != nil {
		return "", err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", err
	}
	return path, nil
}

var validSHA = regexp.MustCompile(`^[0-9a-f]{64}$`)
