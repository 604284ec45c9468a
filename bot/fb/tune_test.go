package fb

import (
	"flag"
	"testing"

	"impulse/bot"
)

var tune = flag.Bool("tune", false, "play TestTune's weight variants against DefaultWeights")

// TestTune plays variants of the evaluation's weights against
// DefaultWeights over paired games (same iteration count, seeds 1 and 2)
// and reports each one's Elo with its 95% interval. It runs only with
// -tune:
//
//	go test ./bot/fb -run TestTune -tune -strength.pairs 80 -v
func TestTune(t *testing.T) {
	if !*tune {
		t.Skip("the weight variants play only with -tune")
	}
	variants := []struct {
		name string
		set  func(w *Weights)
	}{
		{"Chase 1", func(w *Weights) { w.Chase = 1 }},
		{"Chase 0.25", func(w *Weights) { w.Chase = 0.25 }},
		{"SnaffleLead 2", func(w *Weights) { w.SnaffleLead = 2 }},
		{"Magic 300", func(w *Weights) { w.Magic = 300 }},
		{"Hold 1600", func(w *Weights) { w.Hold = 1600 }},
		{"Bludger 0", func(w *Weights) { w.Bludger = 0 }},
	}
	cfg := Config{Config: bot.Config{Strategy: StrategyGA, Seed: 1, Iterations: *strengthIterations}}
	def := cfg
	def.Seed = 2
	for _, v := range variants {
		w := DefaultWeights
		v.set(&w)
		m := playPairs(t, seeds(*strengthPairs), entrant{Config: cfg, W: &w}, entrant{Config: def})
		mean, lo, hi := m.EloInterval()
		t.Logf("%s vs DefaultWeights: %d won, %d drawn, %d lost: Elo %+.0f [%+.0f, %+.0f]", v.name, m.AWins, m.Draws, m.BWins, mean, lo, hi)
	}
}
