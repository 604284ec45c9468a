package bench

import (
	"path/filepath"
	"testing"

	"impulse/referee/replay"
	"impulse/sim/fb"
)

// loadFB plays the project's FB replays (replays/fb) and checks each
// game's final scores against the official engine's.
func loadFB(tb testing.TB) []FBTurn {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("..", "replays", "fb", "*.json"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no FB replays in ../replays/fb: %v", err)
	}
	var games []FBGame
	for _, f := range files {
		g, err := LoadFBGame(f)
		if err != nil {
			tb.Fatal(err)
		}
		r, err := replay.Read(f)
		if err != nil {
			tb.Fatal(err)
		}
		if want := r.GameResult.Scores; float64(g.Scores[0]) != want[0] || float64(g.Scores[1]) != want[1] {
			tb.Fatalf("%s: scores %v, the engine's %v", f, g.Scores, want)
		}
		games = append(games, g)
	}
	return BusyFBTurns(games)
}

func TestFBTurns(t *testing.T) {
	turns := loadFB(t)
	if len(turns) < 100 {
		t.Errorf("%d busy turns, want at least 100", len(turns))
	}
	var log fb.Log
	if n := testing.AllocsPerRun(10, func() { FBTurns(turns, len(turns), &log) }); n != 0 {
		t.Errorf("%d busy FB turns allocate %v times", len(turns), n)
	}
}

var fbSink int

// BenchmarkFBTurn times one simulated Fantastic Bits turn (Prepare, four
// commands, Update) on the busy mid-game turns of replays/fb: "copy" only
// copies the state (the baseline), "play" is a search's turn, "log" also
// records the collision lines as the referee does. turns/s is b.N over the
// elapsed time.
func BenchmarkFBTurn(b *testing.B) {
	turns := loadFB(b)
	var log fb.Log
	b.Run("copy", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for k := 0; k < b.N; k++ {
			s := turns[k%len(turns)].State
			n += int(s.Round)
		}
		fbSink = n
	})
	for _, tt := range []struct {
		name string
		log  *fb.Log
	}{{"play", nil}, {"log", &log}} {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			fbSink = FBTurns(turns, b.N, tt.log)
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "turns/s")
		})
	}
}
