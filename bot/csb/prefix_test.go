package csb

import (
	"testing"
	"time"

	"impulse/bot"
	"impulse/bot/bottest"
)

// TestPrefixExact: a search that rolls children out from the first turn
// where they differ from their parent (bot.Prefixed) chooses, turn after
// turn, the very plans of one that rolls every plan from the root
// (bottest.Plain), at several depths and long enough for the populations
// to converge (most children then share turns with their parent); and
// each kept trajectory is that of its plan rolled out anew: score, pods
// and facings.
func TestPrefixExact(t *testing.T) {
	for _, depth := range []int{1, 3, Depth} {
		st := Settings
		st.Depth = depth
		pre := newSearch(0, 7, st)
		ref := newSearch(0, 7, st)
		eng := bot.NewEngine[Plan, beamNode](bottest.Plain[Plan, beamNode, *Search]{Game: ref}, 0, 7, st)
		eng.Randomize(0)
		eng.Randomize(1)
		if _, ok := any(bottest.Plain[Plan, beamNode, *Search]{Game: ref}).(bot.Prefixed[Plan]); ok {
			t.Fatal("bottest.Plain is a bot.Prefixed")
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
			if fresh.pods[j] != kept.pods[j] || fresh.dir[j] != kept.dir[j] {
				t.Fatalf("plan %d: pods after turn %d differ from a new rollout's", i, j)
			}
		}
	}
}
