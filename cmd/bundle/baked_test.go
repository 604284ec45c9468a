package main

import (
	"flag"
	"fmt"
	"go/types"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// startSettings returns cmd/bot's settings before its flags, as its
// settings function gives them: seed 1, the rest zero.
func startSettings(gs gameSettings) reflect.Value {
	v := reflect.New(gs.typ).Elem()
	v.FieldByName("Seed").SetInt(1)
	return v
}

// assignmentLines writes the assignments as the bundle does, one a line.
func assignmentLines(list []assignment) string {
	var lines []string
	for _, a := range list {
		lines = append(lines, "cfg."+strings.Join(a.path, ".")+" = "+types.ExprString(literal(a.v, 0)))
	}
	return strings.Join(lines, "\n")
}

// TestBakeSettings parses -flags values as the bundler does for each game
// and checks the assignments written into the bundle's settings function
// (want: lines it holds; not: lines it must not hold), and that a flag the
// bot does not define, or a value it would refuse when it starts, is an
// error naming the flag. The refusals are the bot's own (bot.Config.Check,
// bot.Settings.Check, the games' NewBot).
func TestBakeSettings(t *testing.T) {
	tests := []struct {
		game, flags string
		want, not   []string
		err         string
	}{
		{game: "csb", flags: "-strategy beam -seed 7 -iterations 300",
			want: []string{`cfg.Strategy = "beam"`, "cfg.Seed = 7", "cfg.Iterations = 300"}, not: []string{"cfg.Weights.", "cfg.Settings."}},
		// A part changed is assigned whole (zero fields left out): the bot
		// takes a zero part for the default, not a part half set.
		{game: "fb", flags: "-w-robust 0.7",
			want: []string{"cfg.Seed = 1", "cfg.Weights.Robust = 0.7", "cfg.Weights.Goal = ", "cfg.Weights.Hold = "}, not: []string{"cfg.Settings.", "cfg.Genes."}},
		{game: "fb", flags: "-w-robust 0 -seed 0",
			want: []string{"cfg.Weights.Goal = "}, not: []string{"cfg.Weights.Robust", "cfg.Seed"}},
		{game: "fb", flags: "-depth 0 -population 30",
			want: []string{"cfg.Settings.Population = 30"}, not: []string{"cfg.Settings.Depth"}},
		{game: "csb", flags: "-rules published -turn 70ms -first=1s -w-win-turn -2.5",
			want: []string{"cfg.Rules = 1", "cfg.Turn = 70000000", "cfg.FirstTurn = 1000000000", "cfg.Weights.WinTurn = -2.5"}},
		{game: "csb", flags: "", want: []string{"cfg.Seed = 1"}, not: []string{"cfg.Weights."}},

		{game: "csb", flags: "-nope 3", err: `-flags "-nope 3": flag provided but not defined: -nope (go run ./cmd/bot -h lists the bot's flags)`},
		{game: "fb", flags: "-w-goal", err: "flag needs an argument: -w-goal (go run -tags fb ./cmd/bot -h"},
		{game: "fb", flags: "-w-goal x", err: `invalid value "x" for flag -w-goal`},
		{game: "csb", flags: "-seed 2 beam", err: `"beam" is not a flag`},
		{game: "csb", flags: "-seed 2 -help", err: "-flags: -help would make the bot print its usage and exit"},
		{game: "csb", flags: "-seed 2 -strategy mcts", err: `-flags: -strategy mcts: the bot refuses it: unknown strategy "mcts"`},
		{game: "fb", flags: "-population -1", err: "-flags: -population -1: the bot refuses it: settings"},
		{game: "fb", flags: "-iterations -5 -turn 20ms", err: "-flags: -iterations -5: the bot refuses it: negative iterations"},
		{game: "fb", flags: "-depth 7", err: "-flags: -depth 7: the bot refuses it: depth 7: want 6 at most"},
		{game: "csb", flags: "-base-thrust 300", err: "-flags: -base-thrust 300: the bot refuses it: base-thrust 300: want 0..200"},
		{game: "csb", flags: "-gene-shield 101", err: "-flags: -gene-shield 101: the bot refuses it"},
		{game: "fb", flags: "-beam-width 20 -beam-children 10", err: "-flags: -beam-children 10: the bot refuses it: settings {"},
		{game: "fb", flags: "-beam-width 20 -beam-children 10", err: "\n-flags: -beam-width 20: the bot refuses it: settings {"},
		{game: "fb", flags: "-w-goal NaN", err: `-flags "-w-goal NaN": -w-goal NaN: not a finite number`},
		{game: "csb", flags: "-w-win -0", err: "-w-win -0: a negative zero"},
	}
	for _, tt := range tests {
		t.Run(tt.game+" "+tt.flags, func(t *testing.T) {
			gs := bakers[tt.game]
			list, err := gs.parse(startSettings(gs), strings.Fields(tt.flags))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one saying %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := assignmentLines(list)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("the assignments do not hold %q:\n%s", w, got)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("the assignments hold %q:\n%s", n, got)
				}
			}
		})
	}
}

// TestBakeEveryFlag sets each flag of each game's bot alone to a value
// other than its default and checks that the assignments give the bot
// that value (assign's own check: the settings the bundle returns, the
// bot's defaults filled in, equal those the flag gives), and that they
// assign it: no flag's value is lost. The bot's checks are left out:
// some values are out of their range.
func TestBakeEveryFlag(t *testing.T) {
	for _, game := range sortedKeys(bakers) {
		gs := bakers[game]
		start := startSettings(gs)
		_, all := gs.flags(start)
		n := 0
		all.VisitAll(func(f *flag.Flag) {
			n++
			parsed, fs := gs.flags(start)
			value := otherValue(f)
			if err := fs.Set(f.Name, value); err != nil {
				t.Errorf("%s -%s %s: %v", game, f.Name, value, err)
				return
			}
			list, err := gs.assign(start, parsed, fs)
			if err != nil {
				t.Errorf("%s -%s %s: %v", game, f.Name, value, err)
				return
			}
			ptr := reflect.ValueOf(fs.Lookup(f.Name).Value).Pointer()
			found := false
			for _, a := range assignments(parsed, reflect.Zero(parsed.Type())) {
				if a.v.Addr().Pointer() == ptr {
					found = true
					if !strings.Contains(assignmentLines(list), "cfg."+strings.Join(a.path, ".")+" = ") {
						t.Errorf("%s -%s %s: not assigned:\n%s", game, f.Name, value, assignmentLines(list))
					}
				}
			}
			if !found {
				t.Errorf("%s -%s %s: no field of the Config holds it", game, f.Name, value)
			}
		})
		if n < 30 {
			t.Errorf("%s: %d flags, want every setting's", game, n)
		}
	}
}

// otherValue returns a value of flag f other than its default and not
// zero.
func otherValue(f *flag.Flag) string {
	switch f.Name {
	case "strategy":
		return "beam"
	case "rules":
		return "published"
	}
	switch v := f.Value.(flag.Getter).Get().(type) {
	case float64:
		return fmt.Sprint(v + 0.25)
	case int:
		return fmt.Sprint(v + 1)
	case int64:
		return fmt.Sprint(v + 1)
	case time.Duration:
		return (v + time.Millisecond).String()
	case bool:
		return fmt.Sprint(!v)
	}
	return f.Value.String() + "x"
}

// TestBakedBundle bundles cmd/bot with settings baked in: its settings
// function assigns them, and neither the baked bundle nor the plain one
// holds the flag code (package flag, RegisterFlags). Strategy beam adds
// the build tag beam, and with it the beam search (TestBeamTag: the other
// bundles leave it out). TestIdenticalPlay plays baked bundles against
// the unbundled bot given the flags.
func TestBakedBundle(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, tt := range []struct {
		game, flags string
		want, not   []string
	}{
		{"fb", "-strategy beam -w-robust 0.7", []string{"func settings() (cfg config) {\n\tcfg.Strategy = \"beam\"\n\tcfg.Seed = 1\n\tcfg.Weights.", "\tcfg.Weights.Robust = 0.7\n",
			"(build tags contest,fb,beam). Flags baked in: -strategy beam -w-robust 0.7.", "beamPass(", "TopK("}, nil},
		{"csb", "", []string{"func settings() (cfg config) {\n\tcfg.Seed = 1\n\treturn\n}"}, []string{"beamPass", "TopK"}},
	} {
		t.Run(tt.game, func(t *testing.T) {
			opt := options{dir: root, pattern: "./cmd/bot", tags: games[tt.game], game: tt.game, stripComments: true}
			if tt.flags != "" {
				opt.flags = strings.Fields(tt.flags)
				opt.stripComments = false
			}
			res, err := bundle(opt)
			if err != nil {
				t.Fatal(err)
			}
			src := string(res.src)
			for _, w := range tt.want {
				if !strings.Contains(src, w) {
					t.Errorf("the bundle does not hold %q", w)
				}
			}
			for _, bad := range append([]string{`"flag"`, "RegisterFlags(", "flag.CommandLine", "FlagSet"}, tt.not...) {
				if strings.Contains(src, bad) {
					t.Errorf("the bundle holds %s: the flag code is not left out", bad)
				}
			}
		})
	}
	_, err := bundle(options{dir: root, pattern: "./cmd/bot", tags: games["fb"], game: "fb", flags: []string{"-strategy", "mcts"}})
	if want := `-flags: -strategy mcts: the bot refuses it: unknown strategy "mcts"`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("-flags \"-strategy mcts\": %v, want %q", err, want)
	}
}

// TestBeamTag checks that the bundles carry the engine's beam search only
// when the baked settings choose it (build tag beam, bot/beam.go): the
// default bundles of both games leave its code out and say which tags
// they were built with, and their bot refuses strategy beam at start with
// the way to get it (the FB bundle, its settings function edited to choose
// the beam, built and run). bakesBeam reads -strategy with the bot's own
// flags; a malformed -flags that chooses the beam is still reported as
// bake reports it; a settings function whose body chooses the beam, which
// the tags cannot follow, is refused (testdata/beambody).
func TestBeamTag(t *testing.T) {
	for _, tt := range []struct {
		game, flags string
		want        bool
	}{
		{"fb", "-strategy beam", true},
		{"csb", "-seed 3 -strategy=beam -iterations 9", true},
		{"fb", "-strategy beam -strategy ga", false},
		{"csb", "-strategy ga", false},
		{"fb", "-seed 2", false},
		{"fb", "", false},
		{"fb", "-w-goal x -strategy beam", false}, // malformed: bake reports it
		{"csb", "-seed 2 beam -strategy beam", false},
		{"", "-strategy beam", false}, // no game's flags to read it with
	} {
		if got := bakesBeam(tt.game, strings.Fields(tt.flags)); got != tt.want {
			t.Errorf("bakesBeam(%q, %q) = %v, want %v", tt.game, tt.flags, got, tt.want)
		}
	}

	root := filepath.Join("..", "..")
	beamCode := []string{"beamPass", "beamTick", "beamNode[", "TopK", "stochastic beam search"}
	stub := "panic(\"bot: no beam search in this build (tag beam)\")"
	for _, game := range gameNames() {
		t.Run(game, func(t *testing.T) {
			res, err := bundle(options{dir: root, pattern: "./cmd/bot", tags: games[game], game: game})
			if err != nil {
				t.Fatal(err)
			}
			src := string(res.src)
			if want := "(build tags " + strings.Join(games[game], ",") + ")."; !strings.Contains(src, want) {
				t.Errorf("the header does not say %q", want)
			}
			for _, bad := range beamCode {
				if strings.Contains(src, bad) {
					t.Errorf("the bundle holds %s: the beam search is not left out", bad)
				}
			}
			// Engine.Turn still calls searchBeam: bot/nobeam.go's, which
			// panics, unreachable past Config.Check.
			if !strings.Contains(src, stub) {
				t.Errorf("the bundle does not hold the searchBeam of bot/nobeam.go (%s...)", stub)
			}
			if game != "fb" {
				return
			}
			settings := "func settings() (cfg config) {\n\tcfg.Seed = 1\n"
			if !strings.Contains(src, settings) {
				t.Fatalf("the bundle does not hold %q", settings)
			}
			// On the same line, so that the compiler's line numbers hold.
			edited := strings.Replace(src, settings, strings.TrimSuffix(settings, "\n")+"; cfg.Strategy = \"beam\"\n", 1)
			exe, err := compile(t.TempDir(), "fb-beam.go", []byte(edited), res.decls)
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(exe)
			cmd.Stdin = strings.NewReader("")
			out, err := cmd.CombinedOutput()
			want := `strategy beam: this contest build has no beam search (build tag beam): bundle with -flags "-strategy beam"`
			if code := exitCode(err); code != 1 || !strings.Contains(string(out), want) {
				t.Errorf("the bundle choosing the beam in its settings: exit status %d, %q; want 1 and %q", code, out, want)
			}
		})
	}

	_, err := bundle(options{dir: root, pattern: "./cmd/bot", tags: games["fb"], game: "fb", flags: []string{"-strategy", "beam", "-w-goal", "x"}})
	if want := `invalid value "x" for flag -w-goal`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("-flags \"-strategy beam -w-goal x\": %v, want %q", err, want)
	}
	_, err = bundle(options{dir: root, pattern: "./cmd/bundle/testdata/beambody", tags: games["fb"], game: "fb", flags: []string{"-seed", "2"}})
	if want := "-flags: testdata/beambody/main.go:14:1: settings's body chooses strategy beam, which the build tags cannot follow"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a settings function choosing the beam: %v, want %q", err, want)
	}
	if _, err = bundle(options{dir: root, pattern: "./cmd/bundle/testdata/beambody", tags: games["fb"], game: "fb", flags: []string{"-strategy", "beam"}}); err != nil {
		t.Errorf("a settings function choosing the beam, and -flags too: %v", err)
	}
}

// TestBakeRefused checks the commands that cannot take baked settings:
// one without a settings function, one whose settings return another
// type, and a game the bundler has no settings of.
func TestBakeRefused(t *testing.T) {
	_, err := bundle(options{dir: "testdata/golden", pattern: ".", tags: []string{"contest"}, game: "csb", flags: []string{"-seed", "2"}})
	if want := "-flags: golden declares no function settings"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("golden: %v, want %q", err, want)
	}
	dir := writeModule(t, map[string]string{
		"go.mod":  "module other\n\ngo 1.18\n",
		"main.go": "package main\n\nfunc settings() (cfg int) { return }\n\nfunc main() { settings() }\n",
	})
	_, err = bundle(options{dir: dir, pattern: ".", game: "fb", flags: []string{"-seed", "2"}})
	if want := "settings is a func() (cfg int), want func() (cfg impulse/bot/fb.Config)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("other: %v, want %q", err, want)
	}
	_, err = bundle(options{dir: dir, pattern: ".", flags: []string{"-seed", "2"}})
	if want := `-flags: no settings of game "" to bake (want csb or fb)`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("no game: %v, want %q", err, want)
	}
}
