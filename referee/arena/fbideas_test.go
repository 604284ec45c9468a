package arena

import (
	"flag"
	"strings"
	"sync"
	"testing"

	"impulse/bot/fb"
)

var (
	fbA = flag.String("fb.a", "", "TestFBIdea: bot A's flags (fb/ga's), e.g. \"-iterations 300 -w-magic 120\"; the test runs only when set")
	fbB = flag.String("fb.b", "-iterations 300", "TestFBIdea: bot B's flags")
	fbJ = flag.Int("fb.j", 2, "TestFBIdea: pairs played at once")
	fbS = flag.Int("fb.seed0", 0, "TestFBIdea: index of the first seed")
)

// fbConfig parses the flags of an FB bot into a Config.
func fbConfig(t *testing.T, args string) fb.Config {
	var c fb.Config
	fs := flag.NewFlagSet("fb", flag.ContinueOnError)
	c.RegisterFlags(fs)
	if err := fs.Parse(strings.Fields(args)); err != nil {
		t.Fatalf("%q: %v", args, err)
	}
	return c
}

// TestFBIdea plays -strength.pairs pairs of FB bot -fb.a against -fb.b
// (flags as fb/ga's) and prints A's Elo with its 95% interval:
//
//	go test ./referee/arena -run TestFBIdea -fb.a "-iterations 300 -w-magic 120" -fb.b "-iterations 300" -strength.pairs 100 -v
func TestFBIdea(t *testing.T) {
	if *fbA == "" {
		t.Skip("plays only with -fb.a")
	}
	a, b := fbConfig(t, *fbA), fbConfig(t, *fbB)
	if a.Seed == b.Seed {
		b.Seed = a.Seed + 1
	}
	all := seeds(*fbS + pairsFlag(100))[*fbS:]
	var (
		mu  sync.Mutex
		sum Tally
		wg  sync.WaitGroup
	)
	next := make(chan int64)
	for j := 0; j < *fbJ; j++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range next {
				m, err := PlayPairs([]int64{s}, a, b, PlayFB)
				if err != nil {
					t.Error(err)
					continue
				}
				mu.Lock()
				sum.Games += m.Games
				sum.AWins += m.AWins
				sum.BWins += m.BWins
				sum.Draws += m.Draws
				sum.Turns += m.Turns
				sum.Sims[0] += m.Sims[0]
				sum.Sims[1] += m.Sims[1]
				for k := range sum.Penta {
					sum.Penta[k] += m.Penta[k]
				}
				mu.Unlock()
			}
		}()
	}
	for _, s := range all {
		next <- s
	}
	close(next)
	wg.Wait()
	t.Logf("A %q vs B %q: %d won, %d drawn, %d lost (%.1f%%): Elo %v; sims/move %.0f vs %.0f",
		*fbA, *fbB, sum.AWins, sum.Draws, sum.BWins, 100*sum.WinRate(), sum.Penta.Elo(), sum.SimsPerMove(0), sum.SimsPerMove(1))
}
