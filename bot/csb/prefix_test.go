package csb

import (
	"testing"
	"time"

	"impulse/bot"
)

// plain is the search without its kept trajectories: only bot.Game's
// methods, so the engine rolls every plan out from the root.
type plain struct{ s *Search }

func (g plain) Rollout(pl int, mine, theirs *Plan) float64 { return g.s.Rollout(pl, mine, theirs) }
func (g plain) Heuristic(pl int) *Plan                     { return g.s.Heuristic(pl) }
func (g plain) Randomize(r *bot.Rand, pl int, p *Plan)     { g.s.Randomize(r, pl, p) }
func (g plain) Shift(r *bot.Rand, pl int, p *Plan)         { g.s.Shift(r, pl, p) }
func (g plain) Mutate(r *bot.Rand, pl int, p *Plan, amplitude float64) {
	g.s.Mutate(r, pl, p, amplitude)
}
func (g plain) Crossover(r *bot.Rand, child, a, b *Plan) { g.s.Crossover(r, child, a, b) }
func (g plain) BeamRoot(n *beamNode)                     { g.s.BeamRoot(n) }
func (g plain) BeamChild(r *bot.Rand, pl int, n *beamNode, plan *Plan, d, c int, best, theirs *Plan) (float64, bool) {
	return g.s.BeamChild(r, pl, n, plan, d, c, best, theirs)
}
func (g plain) BeamEval(n *beamNode, pl int) float64 { return g.s.BeamEval(n, pl) }

// TestPrefixExact: a search that rolls children out from the first turn
// where they differ from their parent (bot.Prefixed) chooses, turn after
// turn, the very plans of one that rolls every plan from the root, at
// several depths and long enough for the populations to converge (most
// children then share turns with their parent); and each kept
// trajectory is that of its plan rolled out anew: score and states.
func TestPrefixExact(t *testing.T) {
	for _, depth := range []int{1, 3, Depth} {
		st := Settings
		st.Depth = depth
		pre := newSearch(0, 7, st)
		ref := newSearch(0, 7, st)
		eng := bot.NewEngine[Plan, beamNode, plain](plain{ref}, 0, 7, st)
		eng.Randomize(0)
		eng.Randomize(1)
		if _, ok := any(plain{ref}).(bot.Prefixed[Plan]); ok {
			t.Fatal("plain is a bot.Prefixed")
		}
		for seed := int64(1); seed <= 3; seed++ {
			root := midGame(t, seed, 10+int(seed)*7)
			for turn := 0; turn < 4; turn++ {
				b1 := bot.NewBudget(time.Time{}, 0, 3000)
				b2 := bot.NewBudget(time.Time{}, 0, 3000)
				got := *pre.Turn(&root, turn == 0, StrategyGA, &b1)
				ref.setRoot(&root)
				want := *eng.Turn(turn == 0, StrategyGA, &b2)
				if got != want {
					t.Fatalf("depth %d seed %d turn %d: plan %v, from the root %v", depth, seed, turn, got, want)
				}
				checkTrajectories(t, pre, pre.eng.Predicted())
				root.Apply(0, pre.command(0, got[0][0]))
				root.Apply(1, pre.command(1, got[0][1]))
				for i := 2; i < 4; i++ {
					root.Apply(i, baselineCommand(&root, i, longestLeg(&root), &DefaultBaseline))
				}
				root.Play(nil)
			}
		}
	}
}

// checkTrajectories checks every kept trajectory of player 0 (the last
// searched, against theirs) against a new rollout of its plan.
func checkTrajectories(t *testing.T, s *Search, theirs *Plan) {
	t.Helper()
	for i := 0; i < Settings.Population; i++ {
		kept := s.traj[0].Plan(i)
		var fresh trajectory
		score := s.rollout(0, &kept.plan, theirs, nil, 0, &fresh)
		if score != kept.score || fresh.turns != kept.turns {
			t.Fatalf("plan %d: kept score %v in %d turns, rolled out %v in %d", i, kept.score, kept.turns, score, fresh.turns)
		}
		for j := 0; j < fresh.turns-1; j++ {
			if fresh.st[j] != kept.st[j] || fresh.dir[j] != kept.dir[j] {
				t.Fatalf("plan %d: state after turn %d differs from a new rollout's", i, j)
			}
		}
	}
}
