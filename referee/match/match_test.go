package match

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"impulse/referee"
	"impulse/referee/diff"
	"impulse/referee/internal/testbot"
	"impulse/referee/replay"
	"impulse/referee/stats"
	"impulse/sim"
)

// The test binary doubles as the bots of the match tests (testbot's
// kinds): run as "TESTBINARY impulse-testbot KIND", it plays as KIND says
// instead of running the tests.
func TestMain(m *testing.M) {
	testbot.Main()
	os.Exit(m.Run())
}

// testBotCmd returns the player of a test bot of kind.
func testBotCmd(kind string) Player {
	return Player{Name: kind, Argv: testbot.Argv(kind)}
}

// runTestMatch plays a match with a deadline, so that a hang fails the test.
func runTestMatch(t *testing.T, o Options) *Report {
	t.Helper()
	if o.Game == "" {
		o.Game = "csb"
	}
	if o.TimeScale == 0 {
		// Generous limits (750 ms a turn): the tests share the machine,
		// and only the tests of lateness depend on the limit.
		o.TimeScale = 10
	}
	if o.Parallel == 0 {
		o.Parallel = 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	rep, err := Run(ctx, o)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if ctx.Err() != nil {
		t.Fatalf("the match did not finish in 60 s")
	}
	return rep
}

// diffReplays checks that "referee diff" reproduces every replay in dir.
func diffReplays(t *testing.T, dir string, want int) {
	t.Helper()
	files, err := replay.Files([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != want {
		t.Errorf("%s holds %d replays, want %d", dir, len(files), want)
	}
	for _, f := range files {
		r, err := replay.Read(f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		res, err := diff.Replay(r)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if !res.Match {
			t.Errorf("%s: the diff does not reproduce our own replay: turn %d frame %d (-written +replayed):\n%s", f, res.Turn, res.Frame, res.Diff)
		}
		if r.Engine == "" || r.RefereeInput == "" || len(r.GameResult.Agents) != 2 {
			t.Errorf("%s: engine %q, refereeInput %q, %d agents: want the rules, the init lines and 2 agents", f, r.Engine, r.RefereeInput, len(r.GameResult.Agents))
		}
		for k, fr := range r.GameResult.Frames[1:] {
			if fr.PlayerInput == nil {
				t.Errorf("%s: frame %d has no playerInput", f, k+1)
				break
			}
		}
	}
}

// TestMatchMisbehavingBots plays one pair of each misbehaving bot (p1)
// against a racer (p2): p1 must lose both games for the expected reason,
// the referee must not hang, and the replays must replay.
func TestMatchMisbehavingBots(t *testing.T) {
	tests := []struct {
		kind   string
		end    string  // both games
		detail string  // in Detail, when set
		scale  float64 // 0: runTestMatch's
	}{
		{"crash:3", "crash", "exit status 3", 0},
		{"crash:0", "crash", "exit status 3", 0},
		{"exit0:2", "crash", "", 0},
		{"late:4", "timeout", "", 6}, // 450 ms
		{"invalid:5", "invalid output", "invalid input. Expected 'x y power' but found 'hello world'", 0},
		{"longline:1", "invalid output", "invalid input", 0},
		{"silent", "timeout", "", 1}, // 1 s for the first turn
		{"flood", "invalid output", "found 'garbage'", 0},
		{"/bin/true", "crash", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.kind, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			p1 := testBotCmd(tc.kind)
			if strings.HasPrefix(tc.kind, "/") {
				p1 = Player{Name: tc.kind, Argv: []string{tc.kind}}
			}
			var results bytes.Buffer
			start := time.Now()
			rep := runTestMatch(t, Options{
				Players: [2]Player{p1, testBotCmd("racer")}, Games: 2, Seeds: []int64{7},
				TimeScale: tc.scale, ReplaysDir: dir, Results: &results,
			})
			if len(rep.Games) != 2 {
				t.Fatalf("%d games counted, want 2", len(rep.Games))
			}
			for _, g := range rep.Games {
				if g.End != tc.end || g.Culprit != 1 || g.Ranks != [2]int{1, 0} || g.Scores[0] != 0 {
					t.Errorf("game %d: end %q culprit %d ranks %v scores %v; want %q by p1, p1 last with score 0", g.Index, g.End, g.Culprit, g.Ranks, g.Scores, tc.end)
				}
				if !strings.Contains(g.Detail, tc.detail) {
					t.Errorf("game %d: detail %q, want it to contain %q", g.Index, g.Detail, tc.detail)
				}
			}
			if rep.Penta != (stats.Pentanomial{1, 0, 0, 0, 0}) {
				t.Errorf("pentanomial %v, want one pair lost twice", rep.Penta)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("the pair took %v", d)
			}
			if n := strings.Count(results.String(), "\n"); n != 2 {
				t.Errorf("%d result lines, want 2:\n%s", n, results.String())
			}
			diffReplays(t, dir, 2)
		})
	}
}

// TestMatchReplaysRoundTrip: every game written with -replays is
// reproduced by "referee diff", for each game and rule set.
func TestMatchReplaysRoundTrip(t *testing.T) {
	tests := []struct {
		game  string
		rules sim.Rules
		bot   string
	}{
		{"csb", sim.Live, "racer"},
		{"csb", sim.Published, "racer"},
		{"fb", sim.Live, "fbmove"},
		{"fb", sim.Published, "fbmove"},
	}
	for _, tc := range tests {
		t.Run(tc.game+"/"+tc.rules.String(), func(t *testing.T) {
			dir := t.TempDir()
			rep := runTestMatch(t, Options{
				Game: tc.game, Rules: tc.rules, Games: 4, Seeds: []int64{21, -5},
				Players:    [2]Player{testBotCmd(tc.bot), testBotCmd(tc.bot)},
				ReplaysDir: dir,
			})
			for _, g := range rep.Games {
				if g.Culprit != 0 || g.Turns < 10 {
					t.Errorf("game %d: %q after %d turns, culprit %d: want a game played out by the rules", g.Index, g.End, g.Turns, g.Culprit)
				}
			}
			diffReplays(t, dir, 4)
		})
	}
}

// TestMatchStderrFlood: a bot that floods stderr plays on; the referee
// keeps a bounded part and says how much it dropped.
func TestMatchStderrFlood(t *testing.T) {
	rep := runTestMatch(t, Options{
		Players: [2]Player{testBotCmd("stderr"), testBotCmd("racer")}, Games: 2, Seeds: []int64{3},
	})
	for _, g := range rep.Games {
		if g.End != "race finished" {
			t.Errorf("game %d: end %q, want race finished", g.Index, g.End)
		}
		s := g.Stderr[0]
		if len(s) > MaxStderrBytes+100 || !strings.Contains(s, "chatty bot") || !strings.Contains(s, "bytes of stderr dropped") {
			t.Errorf("game %d: kept %d bytes of stderr (limit %d), ending %q", g.Index, len(s), MaxStderrBytes, lastLines(s, 1))
		}
	}
}

// TestMatchStdoutFlood: a bot that writes valid commands without end and
// never reads plays a whole game on them, the referee reading only what a
// turn needs (the bot waits on its full pipe: no memory grows).
func TestMatchStdoutFlood(t *testing.T) {
	rep := runTestMatch(t, Options{
		Players: [2]Player{testBotCmd("floodvalid"), testBotCmd("racer")}, Games: 2, Seeds: []int64{4},
	})
	for _, g := range rep.Games {
		if g.Culprit == 1 && g.End != "checkpoint timeout" || g.Turns < 20 {
			t.Errorf("game %d: %q by %d after %d turns; want a game played out", g.Index, g.End, g.Culprit, g.Turns)
		}
	}
}

// processesWith lists the processes whose command line holds marker.
func processesWith(marker string) []string {
	var out []string
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		cmd, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && bytes.Contains(cmd, []byte(marker)) {
			out = append(out, e.Name()+": "+strings.ReplaceAll(string(cmd), "\x00", " "))
		}
	}
	return out
}

// children lists our child processes (alive or not yet reaped).
func children() []string {
	var out []string
	me := strconv.Itoa(os.Getpid())
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so split after ')'.
		s := string(stat)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 && f[1] == me {
			out = append(out, e.Name()+" "+s[:strings.LastIndexByte(s, ')')+1])
		}
	}
	return out
}

func openFDs(t *testing.T) int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	return len(ents)
}

// TestMatchKillsProcessGroup: a bot's grandchild dies with its game.
func TestMatchKillsProcessGroup(t *testing.T) {
	if len(processesWith("313.37")) > 0 {
		t.Skip("a sleep 313.37 runs already (another test run?)")
	}
	rep := runTestMatch(t, Options{
		Players: [2]Player{testBotCmd("fork"), testBotCmd("racer")}, Games: 2, Seeds: []int64{5},
	})
	if rep.Games[0].End != "race finished" {
		t.Errorf("end %q, want race finished", rep.Games[0].End)
	}
	deadline := time.Now().Add(2 * time.Second)
	for len(processesWith("313.37")) > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond) // killed, not yet reaped by init
	}
	if left := processesWith("313.37"); len(left) > 0 {
		t.Errorf("grandchildren outlived their game: %v", left)
	}
}

// TestMatchLeaks plays 1,000 short games with bots that exit at once,
// echo their input (an invalid answer) with a grandchild in their group,
// or never answer, and checks that no process or file descriptor is left.
func TestMatchLeaks(t *testing.T) {
	if len(processesWith("313.37")) > 0 {
		t.Skip("a sleep 313.37 runs already (another test run?)")
	}
	const games = 1000
	o := Options{
		Game: "csb", Players: [2]Player{
			{Name: "echo+grandchild", Argv: []string{"sh", "-c", "sleep 313.37 & exec cat"}},
			{Name: "exit", Argv: []string{"true"}},
		},
		Games: 2, Parallel: 8, TimeScale: 1, // a silent bot costs 1 s
	}
	runTestMatch(t, o) // warm up: the runtime's own descriptors
	fds := openFDs(t)
	start := time.Now()
	o.Games = games
	rep := runTestMatch(t, o)
	o.Players[1] = Player{Name: "silent", Argv: []string{"sleep", "313.37"}}
	o.Games = 20
	rep2 := runTestMatch(t, o)
	t.Logf("%d + %d games in %v", len(rep.Games), len(rep2.Games), time.Since(start))
	if len(rep.Games) != games || len(rep2.Games) != 20 {
		t.Fatalf("%d and %d games counted, want %d and 20", len(rep.Games), len(rep2.Games), games)
	}
	ends := map[string]int{}
	for _, g := range rep.Games {
		ends[g.End]++
	}
	if ends["invalid output"] != games/2 || ends["crash"] != games/2 {
		t.Errorf("end reasons %v, want %d invalid output and %d crash", ends, games/2, games/2)
	}
	ends = map[string]int{}
	for _, g := range rep2.Games {
		ends[g.End]++
	}
	if ends["invalid output"] != 10 || ends["timeout"] != 10 {
		t.Errorf("end reasons with a silent bot %v, want 10 invalid output and 10 timeout", ends)
	}
	if kids := children(); len(kids) > 0 {
		t.Errorf("%d child processes left: %v", len(kids), kids)
	}
	deadline := time.Now().Add(2 * time.Second)
	for len(processesWith("313.37")) > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if left := processesWith("313.37"); len(left) > 0 {
		t.Errorf("%d grandchildren left, e.g. %v", len(left), left[0])
	}
	if n := openFDs(t); n != fds {
		t.Errorf("%d open file descriptors after the games, %d before", n, fds)
	}
}

// TestMatchDeterministic: the same seeds and deterministic bots give the
// same results, whatever the parallelism.
func TestMatchDeterministic(t *testing.T) {
	run := func(j int) []string {
		var buf bytes.Buffer
		rep := runTestMatch(t, Options{
			Players: [2]Player{testBotCmd("racer150"), testBotCmd("racer")},
			Games:   8, Parallel: j, Seeds: []int64{11, 12, 13}, Results: &buf,
		})
		var lines []string
		for _, g := range rep.Games {
			g.MS, g.FirstMS = [2][2]float64{}, [2]float64{}
			b, _ := json.Marshal(&g)
			lines = append(lines, string(b))
		}
		if n := strings.Count(buf.String(), "\n"); n != 8 {
			t.Errorf("-results: %d lines, want 8", n)
		}
		return lines
	}
	a, b := run(1), run(3)
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("game %d differs between the runs:\n%s\n%s", i, a[i], b[i])
		}
	}
	var seeds []int64
	for i := 0; i < len(a); i += 2 {
		var g Game
		json.Unmarshal([]byte(a[i]), &g)
		seeds = append(seeds, g.Seed)
	}
	if fmt.Sprint(seeds) != "[11 12 13 14]" {
		t.Errorf("pair seeds %v, want [11 12 13 14] (the list, then counting on)", seeds)
	}
}

// TestMatchResultsShape checks a -results line field by field, against the
// shape the issue gives: ranks, scores and times in p1, p2 order.
func TestMatchResultsShape(t *testing.T) {
	var buf bytes.Buffer
	runTestMatch(t, Options{
		Players: [2]Player{testBotCmd("crash:2"), testBotCmd("racer")},
		Games:   2, Parallel: 1, Seeds: []int64{9}, Results: &buf,
	})
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2", len(lines))
	}
	for k, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"seed", "swapped", "ranks", "scores", "turns", "end", "ms"} {
			if _, ok := m[key]; !ok {
				t.Errorf("line %d: no %q: %s", k, key, l)
			}
		}
		if m["seed"] != 9.0 || m["swapped"] != (k == 1) || fmt.Sprint(m["ranks"]) != "[1 0]" || m["end"] != "crash" || m["turns"] != 3.0 {
			// Crashing at its third turn, p1 is out; the round ends (p2
			// plays) and is simulated: 3 turns.
			t.Errorf("line %d: %s; want seed 9, swapped %v, ranks [1 0] (p1 crashed), end crash, 3 turns", k, l, k == 1)
		}
		ms := m["ms"].([]any)
		if len(ms) != 2 || len(ms[0].([]any)) != 2 {
			t.Errorf("line %d: ms %v, want [[mean1, max1], [mean2, max2]]", k, ms)
		}
	}
}

// TestMatchSPRTStops: a test that must accept H1 stops before -n games.
func TestMatchSPRTStops(t *testing.T) {
	var progress bytes.Buffer
	rep := runTestMatch(t, Options{
		Players: [2]Player{testBotCmd("racer"), testBotCmd("crash:1")},
		Games:   200, Parallel: 2, SPRT: &stats.SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05},
		Progress: &progress,
	})
	if rep.Verdict != stats.AcceptH1 || len(rep.Games) >= 200 {
		t.Errorf("%v after %d games, want H1 accepted before 200", rep.Verdict, len(rep.Games))
	}
	if !strings.Contains(progress.String(), "LLR") || !strings.Contains(progress.String(), "(-2.94, 2.94)") {
		t.Errorf("progress does not show the LLR and its bounds:\n%s", progress.String())
	}
	var out bytes.Buffer
	WriteReport(&out, rep)
	if !strings.Contains(out.String(), "H1 accepted after") {
		t.Errorf("report:\n%s", out.String())
	}
}

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"./bot", []string{"./bot"}},
		{"  python3   bot.py -x 1 ", []string{"python3", "bot.py", "-x", "1"}},
		{`sh -c 'exec ./bot 2>log'`, []string{"sh", "-c", "exec ./bot 2>log"}},
		{`a "b c" d\ e "x\"y" '\n'`, []string{"a", "b c", "d e", `x"y`, `\n`}},
		{`x""y ''`, []string{"xy", ""}},
	}
	for _, tc := range tests {
		got, err := SplitCommand(tc.in)
		if err != nil || fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tc.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "   ", `a 'b`, `a "b`} {
		if _, err := SplitCommand(bad); err == nil {
			t.Errorf("SplitCommand(%q): no error", bad)
		}
	}
}

// TestBotNotReading: a bot that never reads its input blocks our write
// once the pipe is full; the turn still ends at its deadline.
func TestBotNotReading(t *testing.T) {
	b, err := startBot([]string{"sleep", "30"})
	if err != nil {
		t.Fatal(err)
	}
	defer b.stop()
	big := make([]string, 4096)
	for i := range big {
		big[i] = strings.Repeat("x", 100)
	}
	start := time.Now()
	_, _, fail := b.turn(big, 1, 100*time.Millisecond)
	if d := time.Since(start); fail != NotReading || d > time.Second {
		t.Errorf("turn: %v after %v, want %v after about 100ms", fail, d, NotReading)
	}
}

// TestBotLines: lines are split on \n and \r\n, extra lines wait for the
// next turn, and an over-long line is cut at MaxLineBytes.
func TestBotLines(t *testing.T) {
	b := &bot{}
	b.take([]byte("a b\r\nc"))
	b.take([]byte("\nd\n"))
	long := bytes.Repeat([]byte("z"), MaxLineBytes+500)
	b.take(long[:MaxLineBytes-10])
	b.take(long[MaxLineBytes-10:])
	b.take([]byte("zz\nnext\n"))
	var got []string
	for {
		l, ok := b.nextLine()
		if !ok {
			break
		}
		got = append(got, l)
	}
	if len(got) != 5 || got[0] != "a b" || got[1] != "c" || got[2] != "d" || len(got[3]) != MaxLineBytes || got[4] != "next" {
		t.Errorf("lines %q (line 4: %d bytes), want a b, c, d, %d z, next", got, len(got[min(3, len(got)-1)]), MaxLineBytes)
	}
}

// TestMatchInterrupted: cancelling the context stops the games at once,
// reports the pairs finished so far, and leaves no process behind.
func TestMatchInterrupted(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	rep, err := Run(ctx, Options{
		Game: "csb", Games: 100, Parallel: 2, TimeScale: 100, // 100 s for the first turn
		Players: [2]Player{testBotCmd("silent"), testBotCmd("racer")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the match took %v to stop after its context was cancelled at 500ms", d)
	}
	if !rep.Interrupted || len(rep.Games) != 0 {
		t.Errorf("interrupted %v with %d games counted; want interrupted, none counted", rep.Interrupted, len(rep.Games))
	}
	if kids := children(); len(kids) > 0 {
		t.Errorf("%d child processes left: %v", len(kids), kids)
	}
}

// TestMatchFBFailures: in Fantastic Bits too, an echoed input is an invalid
// output and an exit a crash, and the replays replay.
func TestMatchFBFailures(t *testing.T) {
	for _, tc := range []struct{ cmd, end string }{{"cat", "invalid output"}, {"true", "crash"}} {
		dir := t.TempDir()
		rep := runTestMatch(t, Options{
			Game: "fb", Games: 2, Seeds: []int64{8}, ReplaysDir: dir,
			Players: [2]Player{{Name: tc.cmd, Argv: []string{tc.cmd}}, testBotCmd("fbmove")},
		})
		for _, g := range rep.Games {
			if g.End != tc.end || g.Culprit != 1 || g.Ranks != [2]int{1, 0} {
				t.Errorf("%s, game %d: %q by %d, ranks %v; want %q by p1, p1 last", tc.cmd, g.Index, g.End, g.Culprit, g.Ranks, tc.end)
			}
		}
		diffReplays(t, dir, 2)
	}
}

// BenchmarkMatchGame plays whole CSB games between two racer processes (seed
// 1, 194 turns): the referee's cost per game, bots' start included. The
// time per turn is what the referee adds to the bots' own response times.
func BenchmarkMatchGame(b *testing.B) {
	o := Options{Game: "csb", TimeScale: 10, Players: [2]Player{testBotCmd("racer"), testBotCmd("racer")}}
	def := referee.GameByName("csb")
	turns := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		mg, err := playGame(context.Background(), def, &o, 0, 1)
		if err != nil {
			b.Fatal(err)
		}
		turns += mg.Turns
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(turns), "µs/turn")
}
