package arena

import (
	"flag"
	"testing"

	"impulse/bot"
	"impulse/bot/fb"
)

var tune = flag.Bool("tune", false, "play TestFBTune's weight variants against fb.DefaultWeights")

// TestFBTune plays variants of the FB evaluation's weights against
// DefaultWeights over paired games (same iteration count, seeds 1 and 2)
// and reports each one's Elo with its 95% interval. It runs only with
// -tune:
//
//	go test ./referee/arena -run TestFBTune -tune -strength.pairs 80 -v
func TestFBTune(t *testing.T) {
	if !*tune {
		t.Skip("the weight variants play only with -tune")
	}
	variants := []struct {
		name string
		set  func(w *fb.Weights)
	}{
		{"Chase 1", func(w *fb.Weights) { w.Chase = 1 }},
		{"Chase 0.25", func(w *fb.Weights) { w.Chase = 0.25 }},
		{"SnaffleLead 2", func(w *fb.Weights) { w.SnaffleLead = 2 }},
		{"Magic 300", func(w *fb.Weights) { w.Magic = 300 }},
		{"Hold 1600", func(w *fb.Weights) { w.Hold = 1600 }},
		{"Bludger 0", func(w *fb.Weights) { w.Bludger = 0 }},
	}
	cfg := fb.Config{Config: bot.Config{Strategy: fb.StrategyGA, Seed: 1, Iterations: iterationsFlag(300)}}
	def := cfg
	def.Seed = 2
	for _, v := range variants {
		variant := cfg
		variant.Weights = fb.DefaultWeights
		v.set(&variant.Weights)
		m, err := PlayPairs(seeds(pairsFlag(3)), variant, def, PlayFB)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s vs DefaultWeights: %d won, %d drawn, %d lost: Elo %v", v.name, m.AWins, m.Draws, m.BWins, m.Penta.Elo())
	}
}
