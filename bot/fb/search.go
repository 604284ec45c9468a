package fb

import (
	"math"

	"impulse/bot"
	"impulse/sim"
	simfb "impulse/sim/fb"
)

// This file is the per-iteration hot code of the search: the rollout of a
// pair of plans on the simulator, the evaluation, and a generation of the
// genetic algorithm.

// Population is the number of plans the genetic algorithm keeps per
// player.
const Population = 10

// Weights of the evaluation, in units of distance.
const (
	// win is the score of a game won within the plan; −win, lost.
	win = 1e8
	// goalMouth is the half-height of the aim point's band on a goal line:
	// a snaffle counts its distance to the nearest point of the band.
	goalMouth = simfb.GoalSize/2 - simfb.PostRadius - simfb.SnaffleRadius
)

// Weights are the evaluation's weights, in units of distance.
type Weights struct {
	// Goal is the worth of a goal: more than a snaffle's progress from
	// one goal to the other.
	Goal float64
	// SnaffleLead: a snaffle counts where it will be this many turns from
	// now at its speed.
	SnaffleLead float64
	// Chase is what a wizard with empty hands loses per unit of distance
	// to its snaffle.
	Chase float64
	// Hold is the worth of a held snaffle.
	Hold float64
	// Magic is the worth of a point of magic. With Race 0.2, against
	// Magic 150, 1000 iterations (TestFBIdea -fb.a "-iterations 1000
	// -w-magic M" -fb.b "-iterations 1000" -strength.pairs 100 -fb.j 1,
	// B then with Magic 150): M 300, +141 ± 48 [+96, +192] (138-1-61) on
	// seeds 1000..1099 and +119 ± 56 [+66, +179] (131-4-65) on 1100..1199
	// (269-5-126 over the 200 pairs: +130 ± 37 [+94, +168] with
	// -strength.pairs 200); M 220, +72 ± 46
	// [+27, +120] (118-5-77) and +60 ± 51 [+10, +112] (114-6-80); M 100,
	// −47 ± 49 [−97, +1] (seeds 1000..1099).
	Magic float64
	// BludgerRange, Bludger: a wizard loses Bludger per unit a bludger is
	// closer than BludgerRange.
	BludgerRange, Bludger float64
	// BludgerTarget: a bludger threatens only the wizard it chases (the
	// nearest that it did not hit last), by the distance between where
	// both will be next turn at their speeds (false: every wizard near it,
	// by the distance now). Against false, 1000 iterations (TestFBIdea
	// -fb.a "-iterations 1000 -w-bludger-target" -fb.b "-iterations 1000"
	// -strength.pairs 100 -fb.j 1): +31 ± 46 [−15, +78] (107-4-89) on
	// seeds 1000..1099, +14 ± 49 [−34, +63] (102-4-94) on 1100..1199:
	// 209-8-183 over 200 pairs (53%, about +23); not kept.
	BludgerTarget bool
	// Path: a rollout adds Path times the evaluation after each turn
	// before its last (0: the last turn's alone), so that of two plans
	// reaching the same end the faster counts more. Path 0.3 against 0:
	// +47 ± 63 (60 pairs, 1000 iterations), +21 ± 41 (140 others); with
	// Robust 0.5, +81 ± 45, no more than Robust alone.
	Path float64
	// Robust: a plan also plays against the other player's heuristic plan
	// and scores Robust times that rollout plus 1−Robust times the one
	// against the predicted plan (0: the prediction alone; negative: the
	// worse of the two; twice the cost otherwise).
	Robust float64
	// ChaseLead: the chase measures from where wizards and snaffles will
	// be this many turns from now at their speeds (0: where they are).
	ChaseLead float64
	// Opponents: our plans are scored against this many of the
	// opponent's predicted plans (at most MaxOpponents; 0 and 1: the best
	// alone): the best, then the next best whose first turn differs from
	// those taken (distinctOrders). Their scores are combined by SoftMin,
	// then with the heuristic plan's by Robust (which, negative, counts
	// as 0 here). One rollout each. Opponents 3 against 1 (TestFBIdea,
	// 100 pairs on seeds 1000..1099 each): +5 ± 51 Elo at 1000
	// iterations, −9 ± 51 at 2000; with SoftMin 0.5, +16 ± 46; with
	// Robust 0 (no heuristic plan), −76 ± 51: the heuristic plan's gain is
	// not from averaging over opponent plans; with Robust 0.3, +42 ± 51,
	// then +24 ± 33 over 200 pairs (1000..1199). Of the opponent's moves,
	// the predicted plan's first turn misses the one played by 32 degrees
	// on average, the nearest of three by 29, the heuristic plan's by 42
	// (808 moves, 6 games).
	Opponents int
	// SoftMin is the share of the worst score in the combination of the
	// predicted plans' scores (and the heuristic's, with Robust): 0 their
	// mean, 1 their minimum.
	SoftMin float64
	// InferSpells: the opponent's spells of last turn, which the input
	// does not show, are inferred from the magic it paid (Bot.inferSpells).
	// −16 ± 48 Elo (100 pairs, 1000 iterations). Of 16 FLIPENDO and
	// PETRIFICUS cast (3 games), the spell was right 16 times, its caster
	// 10, its target 4. All three ideas (with OpponentSpellChance 15):
	// +26 ± 55.
	InferSpells bool
	// Race shifts each live snaffle's worth towards the player whose
	// nearest wizard reaches it first (0: not at all). Of a snaffle at
	// dDef from the goal pl defends and dAtt from the one it attacks, pl
	// counts dDef − dAtt + x·(2·Width − dAtt − dDef), x being Race times
	// the lead in the race, (dOpp − dMine)/RaceScale clamped to ±1, where
	// dMine and dOpp are the distances from each player's nearest wizard
	// (where it will be in SnaffleLead turns at its speed) to the snaffle
	// (also there): as if the snaffle were pl's to score with odds (1+x)/2
	// and the other's with (1−x)/2. A held snaffle is its holder's
	// (distance 0). Race 0.2 with RaceScale 3000 against Race 0 (as
	// before), 1000 iterations, 100 pairs (go test ./referee/arena -run
	// TestFBIdea -fb.a "-iterations 1000 -w-race 0.2 -w-race-scale 3000"
	// -fb.b "-iterations 1000" -fb.seed0 1000 -strength.pairs 100 -fb.j 1,
	// B then without the term): +164 ± 55 Elo [+113, +222] (144-0-56),
	// and +191 ± 56 [+140, +251] (149-2-49) on seeds 1100..1199: 293-2-105
	// over the 200 pairs: +177 ± 39 [+141, +218] (the defaults against
	// -w-race 0, -strength.pairs 200). Against Race 0.2 (seeds
	// 1000..1099): 0.4, −133 ± 48 [−184, −87]; 0.1, −24 ± 47 [−72, +22];
	// RaceScale 1500, −33 ± 49 [−83, +16]; 6000, −65 ± 49 [−115, −17]. With
	// Race 0.2, the other weights against theirs: Chase 0.25, −58 ± 49
	// [−108, −10]; Hold 0, −26 ± 49 [−76, +23]. The same bot against
	// itself (another seed): +0 ± 45.
	Race float64
	// RaceScale is the lead in the race, in units of distance, at which
	// Race counts whole.
	RaceScale float64
	// RaceFree: the race counts only the wizards that may catch the
	// snaffle: its holder, at distance 0, not a wizard holding another,
	// and a wizard that may not catch yet (Cooldown) as that many turns
	// late at top speed (false: every wizard, where it is). Against
	// false, 1000 iterations (TestFBIdea -fb.a "-iterations 1000
	// -w-race-free" -fb.b "-iterations 1000" -fb.seed0 1000
	// -strength.pairs 100 -fb.j 1): −139 ± 51 [−192, −91] (60-4-136); not
	// kept. A throw makes the thrower late to its own snaffle, so the
	// race tells the holder to keep it.
	RaceFree bool
	// RaceThreat: the race counts by the threat to a goal, 2·x·(Width −
	// dAtt) when pl leads it, 2·x·(Width − dDef) when the other does:
	// the lead in the race to a snaffle counts more the nearer it is to the
	// goal that the leader attacks (false: x·(2·Width − dAtt − dDef), much
	// the same everywhere). Against false, 1000 iterations (TestFBIdea
	// -fb.a "-iterations 1000 -w-race-threat" -fb.b "-iterations 1000"
	// -fb.seed0 1000 -strength.pairs 100 -fb.j 1): −81 ± 53 [−137, −30]
	// (76-2-122); not kept.
	RaceThreat bool
	// MatchPoint: when a goal wins the game for a player, its side of
	// each snaffle's worth, (1±x)·(Width − d) with d the snaffle's
	// distance to the goal it attacks and x as in Race, counts 1+MatchPoint
	// times (0: once, as any other). MatchPoint 1 against 0, 1000
	// iterations (TestFBIdea -fb.a "-iterations 1000 -w-match-point 1"
	// -fb.b "-iterations 1000" -fb.seed0 1000 -strength.pairs 100 -fb.j
	// 1): −33 ± 48 [−82, +14] (89-3-108); not kept.
	MatchPoint float64
}

// MaxOpponents bounds Weights.Opponents.
const MaxOpponents = 4

// DefaultWeights are the weights of the bot. SnaffleLead 1 and Magic 150
// won +108 Elo [+56, +165] (80 pairs, 300 iterations) over SnaffleLead 2
// and Magic 60, which were better than Chase 0.25 or 1, Hold 0 or 1600,
// Bludger 0 and Magic 30 (60 pairs each, go test -tune). Robust 0.5 won
// +90 Elo [+48, +135] over Robust 0 (140 pairs, 1000 iterations, TestFBIdea
// on seeds 60..199): at 1000 iterations or more a plan searched against one
// predicted plan overfits it (4000 iterations played even with 1000, and
// 300 won +41 ± 64 over 1000). Against Robust 0.5: 0.3 +58 ± 61 (60
// pairs) then +12 ± 47 (100 others), 0.7 −61 ± 67, 1 −154 ± 72 (60
// pairs each). Race 0.2 won +177 Elo [+141, +218] over Race 0 (200 pairs,
// 1000 iterations, TestFBIdea on seeds 1000..1199); with it, Magic 300 won
// over 150 (see Magic).
var DefaultWeights = Weights{
	Goal:         60000,
	SnaffleLead:  1,
	Chase:        0.5,
	Hold:         800,
	Magic:        300,
	BludgerRange: 1200,
	Bludger:      0.5,
	Robust:       0.5,
	Race:         0.2,
	RaceScale:    3000,
}

// Search is the state of the search for one game: the root of the turn
// and its heuristic plans; the engine (bot.Engine) keeps the populations
// from turn to turn. Its memory is set up once by NewSearch (the beam's on
// its first use); a turn allocates nothing. It is the game's side of the
// engine (bot.Game).
type Search struct {
	eng  *bot.Engine[Plan, simfb.State, *Search]
	root simfb.State
	// heuristic is each player's plan from the baseline policy, rolled
	// out from the root (a seed of the populations).
	heuristic [2]Plan
	// W are the weights of the evaluation (NewSearch: DefaultWeights).
	W Weights
	// G are the odds of the orders drawn (NewSearch: DefaultGenes).
	G Genes
	// opp is G with the opponent's spell odds (genes).
	opp Genes
	// B are the thresholds of the heuristic plans' baseline policy
	// (NewSearch: DefaultThresholds).
	B Thresholds
	// depth is the turns searched, the settings' Depth: at most Depth.
	depth int
	// me is the player searched for.
	me int
	// opponents[:nopp] are the opponent's predicted plans our plans are
	// scored against when W.Opponents > 1 (Forecast): the best first.
	opponents [MaxOpponents]Plan
	nopp      int
	// Sims counts the turns simulated since the counter was reset.
	Sims int
	// traj are each player's kept rollouts (bot.Prefixed).
	traj [2]bot.Trajectories[trajectory]
}

// Settings are the search's constants (bot.Settings). The opponent is
// predicted by at most 100 iterations: a short search from the baseline's
// plan. Unbounded, the prediction drifted towards the best answer to our
// plan, our plan fitted that answer, and play got weaker as the budget
// grew: 9 wins in 15 games against the baseline at 15,000 iterations a
// turn, 378 in 400 at 300.
var Settings = bot.Settings{
	Depth:                 Depth,
	Population:            Population,
	CrossoverTenths:       4,
	TournamentSize:        2,
	MutationDecay:         0.9,
	OpponentShare:         0.25,
	MaxOpponentIterations: 100,
	RandomizeFirst:        true,
	BeamWidth:             16,
	BeamChildren:          8,
}

// NewSearch returns a search for player me (0 or 1) with the given seed,
// the package's Settings and DefaultWeights. Its populations are drawn on
// the first turn.
func NewSearch(me int, seed int64) *Search { return newSearch(me, seed, Settings) }

// newSearch is NewSearch with settings st.
func newSearch(me int, seed int64, st bot.Settings) *Search {
	s := &Search{W: DefaultWeights, G: DefaultGenes, B: DefaultThresholds, depth: st.Depth, me: me}
	s.traj = [2]bot.Trajectories[trajectory]{newTrajectories(st.Population, st.Depth), newTrajectories(st.Population, st.Depth)}
	s.eng = bot.NewEngine[Plan, simfb.State](s, me, seed, st)
	return s
}

// play plays one turn from st: player pl's orders g, the other player's
// h, applied in wizard id order as the engine parses them.
func (s *Search) play(st *simfb.State, pl int, g, h *[2]Gene) simfb.Result {
	st.Prepare()
	for i := 0; i < simfb.MaxWizards; i++ {
		o := g
		if simfb.Owner(i) != pl {
			o = h
		}
		st.Apply(i, command(st, i, o[i&1]))
	}
	s.Sims++
	return st.Update(nil)
}

// Rollout plays plan mine for player pl and theirs for the other from the
// root, up to the depth searched or the end of the game, and returns the
// evaluation for pl (bot.Game).
func (s *Search) Rollout(pl int, mine, theirs *Plan) float64 {
	if pl == s.me && s.nopp > 1 {
		return s.rolloutOpponents(pl, mine)
	}
	if s.W.Robust != 0 {
		return s.W.robust(s.rollout(pl, mine, theirs), s.rollout(pl, mine, &s.heuristic[1-pl]))
	}
	return s.rollout(pl, mine, theirs)
}

// rolloutOpponents is Rollout against the opponents kept by Forecast
// (Weights.Opponents, SoftMin, Robust).
func (s *Search) rolloutOpponents(pl int, mine *Plan) float64 {
	var sum float64
	worst := math.Inf(1)
	for i := 0; i < s.nopp; i++ {
		v := s.rollout(pl, mine, &s.opponents[i])
		sum += v
		worst = math.Min(worst, v)
	}
	mean := sum / float64(s.nopp)
	if r := s.W.Robust; r > 0 {
		h := s.rollout(pl, mine, &s.heuristic[1-pl])
		mean = (1-r)*mean + r*h
		worst = math.Min(worst, h)
	}
	return (1-s.W.SoftMin)*mean + s.W.SoftMin*worst
}

// Forecast keeps the opponent's plans that our plans are scored against
// when W.Opponents > 1 (bot.Forecaster): the best of plans by scores,
// then the next best whose first turn differs from those kept, up to
// W.Opponents.
func (s *Search) Forecast(plans []Plan, scores []float64) {
	s.nopp = 0
	want := s.W.Opponents
	if want <= 1 {
		return
	}
	if want > MaxOpponents {
		want = MaxOpponents
	}
	// taken marks the plans looked at: the first 64 (Population is 10).
	var taken uint64
	n := len(plans)
	if n > 64 {
		n = 64
	}
	for tries := 0; tries < n && s.nopp < want; tries++ {
		best := -1
		for i := 0; i < n; i++ {
			if taken&(1<<uint(i)) == 0 && (best < 0 || scores[i] > scores[best]) {
				best = i
			}
		}
		taken |= 1 << uint(best)
		distinct := true
		for j := 0; j < s.nopp && distinct; j++ {
			distinct = distinctOrders(&s.opponents[j][0], &plans[best][0])
		}
		if distinct {
			s.opponents[s.nopp] = plans[best]
			s.nopp++
		}
	}
}

// distinctOrders reports whether two turns of orders differ by more than
// a touch for either wizard: a spell cast or not, another spell or
// target, a direction 20 degrees or more apart or a power 30% apart.
func distinctOrders(a, b *[2]Gene) bool {
	for k := 0; k < 2; k++ {
		g, h := a[k], b[k]
		if g.IsSpell() != h.IsSpell() || g.IsSpell() && (g.Spell() != h.Spell() || g.Target() != h.Target()) {
			return true
		}
		d := g.Angle() - h.Angle()
		if d < 0 {
			d = -d
		}
		if d > numAngles/2 {
			d = numAngles - d
		}
		p := g.Power() - h.Power()
		if d >= 20 || p >= 30 || p <= -30 {
			return true
		}
	}
	return false
}

// rollout is Rollout against theirs alone.
func (s *Search) rollout(pl int, mine, theirs *Plan) float64 {
	return s.run(pl, mine, theirs, nil, 0, nil)
}

// goalDistance returns the distance from p to the band of the goal line
// player pl attacks between the posts.
func goalDistance(p sim.Vec, pl int) float64 {
	y := p.Y
	if y < simfb.Height/2-goalMouth {
		y = simfb.Height/2 - goalMouth
	} else if y > simfb.Height/2+goalMouth {
		y = simfb.Height/2 + goalMouth
	}
	return p.Dist(sim.Vec{X: attackX(pl), Y: y})
}

// eval scores st for player pl: the game won or lost; else the goals, every
// live snaffle's distance to the goal pl defends minus its distance to
// the goal pl attacks (where it will be in SnaffleLead turns), and, for
// each player, its held snaffles, its wizards' distances to their
// snaffles, its magic and the bludgers near its wizards, pl's counted for
// and the other's against.
func (w *Weights) eval(st *simfb.State, pl int) float64 {
	op := 1 - pl
	my, their := st.Score[pl], st.Score[op]
	live := st.LiveSnaffles()
	if my >= st.ScoreToWin || (live == 0 || st.Round >= simfb.MaxRounds) && my > their {
		return win + float64(my-their)
	}
	if their >= st.ScoreToWin || (live == 0 || st.Round >= simfb.MaxRounds) && their > my {
		return -win + float64(my-their)
	}
	score := w.Goal * float64(my-their)
	// mp[i] is the extra weight of a snaffle's chances for pl (0) and
	// the other (1) when a goal wins them the game (Weights.MatchPoint).
	var mp [2]float64
	if w.MatchPoint != 0 {
		if my == st.ScoreToWin-1 {
			mp[0] = w.MatchPoint
		}
		if their == st.ScoreToWin-1 {
			mp[1] = w.MatchPoint
		}
	}
	for k := 0; k < int(st.NumSnaffles); k++ {
		sn := &st.Snaffles[k]
		if sn.Scored {
			continue
		}
		p := sn.Pos.Add(sn.Vel.Scale(w.SnaffleLead))
		dDef, dAtt := goalDistance(p, op), goalDistance(p, pl)
		score += dDef - dAtt
		var x float64
		if w.Race != 0 {
			x = w.race(st, pl, k, p)
			switch {
			case !w.RaceThreat:
				score += x * (2*simfb.Width - dAtt - dDef)
			case x > 0:
				score += x * 2 * (simfb.Width - dAtt)
			default:
				score += x * 2 * (simfb.Width - dDef)
			}
		}
		if mp[0] != 0 || mp[1] != 0 {
			score += mp[0]*(1+x)*(simfb.Width-dAtt) - mp[1]*(1-x)*(simfb.Width-dDef)
		}
	}
	return score + w.side(st, pl) - w.side(st, op)
}

// race returns Race times pl's lead in the race to snaffle k, counted at
// p (Weights.Race), in −Race..Race.
func (w *Weights) race(st *simfb.State, pl, k int, p sim.Vec) float64 {
	var near [2]float64
	for t := 0; t < 2; t++ {
		best := unreachable
		for i := 2 * t; i <= 2*t+1; i++ {
			wz := &st.Wizards[i]
			d := wz.Pos.Add(wz.Vel.Scale(w.SnaffleLead)).Sub(p).Len2()
			if w.RaceFree {
				switch {
				case int(wz.Holding) == k:
					d = 0
				case wz.Holding != simfb.NoID:
					continue
				case wz.Cooldown > 0:
					d = math.Sqrt(d) + float64(wz.Cooldown)*wizardSpeed
					d *= d
				}
			}
			if d < best {
				best = d
			}
		}
		near[t] = math.Sqrt(best)
	}
	x := (near[1-pl] - near[pl]) / w.RaceScale
	if x > 1 {
		x = 1
	} else if x < -1 {
		x = -1
	}
	return w.Race * x
}

// unreachable is the squared distance in the race (Weights.Race) of a
// player none of whose wizards may catch the snaffle.
const unreachable = 1e16

// wizardSpeed is a wizard's top speed a turn: MaxThrust at full thrust
// every turn, 150·0.75/(1−0.75) = 450.
const wizardSpeed = simfb.MaxThrust * simfb.WizardFriction / (1 - simfb.WizardFriction)

// bludgerTarget returns the wizard bludger b chases: the nearest but its
// last victim (ties to the lower id; OBLIVIATE ignored), or −1.
func bludgerTarget(st *simfb.State, b *simfb.Bludger) int {
	best, bestD := -1, 0.0
	for i := range st.Wizards {
		if int8(i) == b.LastVictim {
			continue
		}
		if d := b.Pos.Dist2(st.Wizards[i].Pos); best < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// side is the part of the evaluation that each player has: held
// snaffles, the wizards' chase of the others, magic, bludger danger.
func (w *Weights) side(st *simfb.State, pl int) float64 {
	score := w.Magic * float64(st.Magic[pl])
	a, b := 2*pl, 2*pl+1
	wa, wb := &st.Wizards[a], &st.Wizards[b]
	for i := a; i <= b; i++ {
		wz := &st.Wizards[i]
		if wz.Holding != simfb.NoID {
			score += w.Hold
		}
		if w.BludgerTarget {
			continue
		}
		for k := range st.Bludgers {
			if d := wz.Pos.Dist(st.Bludgers[k].Pos); d < w.BludgerRange {
				score -= w.Bludger * (w.BludgerRange - d)
			}
		}
	}
	if w.BludgerTarget {
		for k := range st.Bludgers {
			bl := &st.Bludgers[k]
			if i := bludgerTarget(st, bl); i >= 0 && simfb.Owner(i) == pl {
				wz := &st.Wizards[i]
				if d := wz.Pos.Add(wz.Vel).Dist(bl.Pos.Add(bl.Vel)); d < w.BludgerRange {
					score -= w.Bludger * (w.BludgerRange - d)
				}
			}
		}
	}
	// The chase: the distinct snaffles (if there are two) nearest in
	// total to the empty-handed wizards.
	var d [2][simfb.MaxSnaffles]float64
	var free [simfb.MaxSnaffles]int8
	nf := 0
	for k := 0; k < int(st.NumSnaffles); k++ {
		sn := &st.Snaffles[k]
		if sn.Scored || sn.Carrier != simfb.NoID && simfb.Owner(int(sn.Carrier)) == pl {
			continue
		}
		free[nf] = int8(k)
		if l := w.ChaseLead; l != 0 {
			p := sn.Pos.Add(sn.Vel.Scale(l))
			d[0][nf] = wa.Pos.Add(wa.Vel.Scale(l)).Dist(p)
			d[1][nf] = wb.Pos.Add(wb.Vel.Scale(l)).Dist(p)
		} else {
			d[0][nf] = wa.Pos.Dist(sn.Pos)
			d[1][nf] = wb.Pos.Dist(sn.Pos)
		}
		nf++
	}
	if nf == 0 {
		return score
	}
	ha, hb := wa.Holding != simfb.NoID, wb.Holding != simfb.NoID
	var chase float64
	switch {
	case ha && hb:
	case ha || hb:
		row := 0
		if ha {
			row = 1
		}
		chase = d[row][0]
		for j := 1; j < nf; j++ {
			if d[row][j] < chase {
				chase = d[row][j]
			}
		}
	default:
		chase = -1
		for j := 0; j < nf; j++ {
			for k := 0; k < nf; k++ {
				if j == k && nf > 1 {
					continue
				}
				if c := d[0][j] + d[1][k]; chase < 0 || c < chase {
					chase = c
				}
			}
		}
	}
	return score - w.Chase*chase
}

// Heuristic returns player pl's baseline plan from the root (bot.Game).
func (s *Search) Heuristic(pl int) *Plan { return &s.heuristic[pl] }

// Randomize draws every order of p for pl at the root (bot.Game).
func (s *Search) Randomize(r *bot.Rand, pl int, p *Plan) {
	p.randomize(r, &s.root, pl, s.depth, s.genes(pl))
}

// Shift drops the turn just played and draws the last (bot.Game).
func (s *Search) Shift(r *bot.Rand, pl int, p *Plan) { p.shift(r, &s.root, pl, s.depth, s.genes(pl)) }

// Mutate changes one field of one order of p (bot.Game).
func (s *Search) Mutate(r *bot.Rand, pl int, p *Plan, amplitude float64) {
	p.mutate(r, &s.root, pl, s.depth, amplitude, s.genes(pl))
}

// genes returns the odds of the orders drawn for player pl: G, but for
// an opponent with the magic of a FLIPENDO or an ACCIO at the root when
// G.OpponentSpellChance is set, the odds of opp (set by Turn).
func (s *Search) genes(pl int) *Genes {
	if pl != s.me && s.G.OpponentSpellChance > 0 && s.root.Magic[pl] >= simfb.SpellCost[simfb.Flipendo] {
		return &s.opp
	}
	return &s.G
}

// Crossover sets child to a uniform mix of a and b (bot.Game).
func (s *Search) Crossover(r *bot.Rand, child, a, b *Plan) { child.crossover(r, a, b) }

// heuristicPlans rolls the baseline policy with thresholds h out from
// root for both players, depth turns, and returns the genes it played, per
// player.
func heuristicPlans(root *simfb.State, h *Thresholds, depth int) (plans [2]Plan) {
	st := *root
	for t := 0; t < depth; t++ {
		var g [simfb.MaxWizards]Gene
		for pl := 0; pl < 2; pl++ {
			cmds := h.Commands(&st, pl)
			for k := 0; k < 2; k++ {
				g[2*pl+k] = geneOf(&st, 2*pl+k, cmds[k])
				plans[pl][t][k] = g[2*pl+k]
			}
		}
		st.Prepare()
		for i := range g {
			st.Apply(i, command(&st, i, g[i]))
		}
		if res := st.Update(nil); res.Over {
			break
		}
	}
	return plans
}

// Turn searches the root st within budget b and returns our plan
// (bot.Engine.Turn): the opponent predicted first, then our plan searched
// against it by the genetic algorithm or, with strategy StrategyBeam, the
// beam search.
func (s *Search) Turn(st *simfb.State, first bool, strategy string, b *bot.Budget) *Plan {
	s.setRoot(st)
	return s.eng.Turn(first, strategy, b)
}

// setRoot makes st the root of the turn: the odds of the opponent's
// orders and the heuristic plans.
func (s *Search) setRoot(st *simfb.State) {
	s.root = *st
	s.opp = s.G
	s.opp.SpellChance = s.G.OpponentSpellChance
	s.heuristic = heuristicPlans(&s.root, &s.B, s.depth)
}

// Predicted returns the opponent's best plan of the last Turn.
func (s *Search) Predicted() *Plan { return s.eng.Predicted() }

// Root returns the root of the last Turn.
func (s *Search) Root() *simfb.State { return &s.root }
