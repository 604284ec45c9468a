package csb

import (
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"impulse/bot"
	"impulse/sim"
	simcsb "impulse/sim/csb"
)

// Default budgets: CodinGame allows 1000 ms for the first turn and 75 ms
// for the others (live game), counted by its clock; these leave a margin.
const (
	DefaultFirstTurn = 900 * time.Millisecond
	DefaultTurn      = 60 * time.Millisecond
)

// StrategyBaseline is the baseline heuristic, without search.
const StrategyBaseline = bot.StrategyBaseline

// Config is the setting of a bot. Under the live rules the bot still
// tells the published referee by the laps: the live game races 3, so 2 or
// 5 laps mean the published referee; a published race of 3 laps needs
// Rules set, as the input does not tell.
type Config struct {
	bot.Config
	// Weights are the evaluation's (zero: DefaultWeights).
	Weights Weights
}

// Bot plays one game: it keeps what the input does not repeat (the map,
// the passes, its own BOOST and SHIELD) and answers each turn.
type Bot struct {
	cfg    Config
	search *Search
	st     simcsb.State
	me     int // the player, found on the first turn from the spawn
	turn   int
	// Sims and Iterations are the simulated turns and search iterations of
	// the last turn.
	Sims, Iterations int
}

// NewBot returns a bot for cfg, or an error naming an unknown strategy.
func NewBot(cfg Config) (*Bot, error) {
	if err := cfg.Check(DefaultFirstTurn, DefaultTurn); err != nil {
		return nil, err
	}
	if cfg.Weights == (Weights{}) {
		cfg.Weights = DefaultWeights
	}
	return &Bot{cfg: cfg}, nil
}

// Init reads the init lines: laps, checkpoint count, then "x y" per
// checkpoint.
func (b *Bot) Init(lines []string) error {
	var v [2]int
	if len(lines) < 2 {
		return fmt.Errorf("init: %d lines, want 2 at least", len(lines))
	}
	if err := parseInts(lines[0], v[:1], 1, 1000); err != nil {
		return fmt.Errorf("init line 1: laps: %v", err)
	}
	laps := v[0]
	if err := parseInts(lines[1], v[:1], 2, simcsb.MaxCheckpoints); err != nil {
		return fmt.Errorf("init line 2: checkpoint count: %v", err)
	}
	n := v[0]
	if len(lines) != 2+n {
		return fmt.Errorf("init: %d lines, want %d for %d checkpoints", len(lines), 2+n, n)
	}
	var st simcsb.State
	for k := 0; k < n; k++ {
		if err := parseInts(lines[2+k], v[:], -1e9, 1e9); err != nil {
			return fmt.Errorf("init line %d: checkpoint %d: %v", 3+k, k, err)
		}
		st.Checkpoints[k] = sim.Vec{X: float64(v[0]), Y: float64(v[1])}
	}
	if err := checkMap(st.Checkpoints[:n]); err != nil {
		return fmt.Errorf("init: %v", err)
	}
	st.NumCheckpoints, st.Laps = int32(n), int32(laps)
	st.PodTimeout = simcsb.DefaultPodTimeout
	if laps != 3 || b.cfg.Rules == simcsb.Published {
		// Only the published rules, which have no BOOST, race 2 or 5 laps:
		// boosted pods thrust 200 at most.
		st.Rules = simcsb.Published
		for i := range st.Pods {
			st.Pods[i].Boosted = true
		}
	}
	b.st, b.turn = st, 0
	return nil
}

// Input limits that keep sim/csb's checkpoint loop finite: it passes
// checkpoints along a straight path while the next one is near it, for
// ever on a path near them all. Official maps have 3 to 6 checkpoints,
// 1,800 apart or more, spanning 5,500 or more: no turn of a pod with
// these speeds comes near them all.
const (
	minCheckpointGap  = 1500
	minMapSpan        = 5500
	maxSpeedComponent = 2500
)

// checkMap reports a map the search cannot run on.
func checkMap(cps []sim.Vec) error {
	if len(cps) < 3 {
		return fmt.Errorf("%d checkpoints, want 3 or more", len(cps))
	}
	span := 0.0
	for i := range cps {
		for j := 0; j < i; j++ {
			d := cps[i].Dist(cps[j])
			if d < minCheckpointGap {
				return fmt.Errorf("checkpoints %d and %d are %.0f apart, want %d at least", j, i, d, minCheckpointGap)
			}
			if d > span {
				span = d
			}
		}
	}
	if span < minMapSpan {
		return fmt.Errorf("the checkpoints span %.0f, want %d at least", span, minMapSpan)
	}
	return nil
}

// clampSpeed limits an input speed component (see checkMap).
func clampSpeed(v int) float64 {
	if v > maxSpeedComponent {
		return maxSpeedComponent
	}
	if v < -maxSpeedComponent {
		return -maxSpeedComponent
	}
	return float64(v)
}

// parseInts reads len(dst) integers in lo..hi separated by blanks.
func parseInts(line string, dst []int, lo, hi int) error {
	f := strings.Fields(line)
	if len(f) != len(dst) {
		return fmt.Errorf("%d numbers in %q, want %d", len(f), line, len(dst))
	}
	for k, s := range f {
		v, err := strconv.Atoi(s)
		if err != nil || v < lo || v > hi {
			return fmt.Errorf("field %d of %q: want an integer in %d..%d", k+1, line, lo, hi)
		}
		dst[k] = v
	}
	return nil
}

// update takes the four pod lines of a turn (own pods first) into the
// state.
func (b *Bot) update(lines []string) error {
	if len(lines) != 4 {
		return fmt.Errorf("turn %d: %d pod lines, want 4", b.turn+1, len(lines))
	}
	// x y vx vy angle nextCheckPointId per pod
	var pods [4][6]int
	for k, l := range lines {
		p := &pods[k]
		if err := parseInts(l, p[:], -1e9, 1e9); err != nil {
			return fmt.Errorf("turn %d, pod line %d: %v", b.turn+1, k+1, err)
		}
		if n := int(b.st.NumCheckpoints); p[5] < -1 || p[5] >= n {
			return fmt.Errorf("turn %d, pod line %d: next checkpoint %d out of range -1..%d", b.turn+1, k+1, p[5], n-1)
		}
	}
	st := &b.st
	if b.turn == 0 {
		// Player 0 spawns 500 from checkpoint 0, player 1 1500.
		cp0 := st.Checkpoints[0]
		mine := sim.Vec{X: float64(pods[0][0]), Y: float64(pods[0][1])}.Dist2(cp0)
		theirs := sim.Vec{X: float64(pods[2][0]), Y: float64(pods[2][1])}.Dist2(cp0)
		b.me = 0
		if mine > theirs {
			b.me = 1
		}
		b.search = NewSearch(b.me, b.cfg.Seed)
		b.search.W = b.cfg.Weights
		for i := range st.Pods {
			st.Pods[i].Next = 1 % st.NumCheckpoints
		}
	}
	st.Round = int32(b.turn)
	for k, p := range pods {
		i := 2*b.me + k
		if k >= 2 {
			i = 2*(1-b.me) + k - 2
		}
		pod := &st.Pods[i]
		vel := sim.Vec{X: clampSpeed(p[2]), Y: clampSpeed(p[3])}
		if k >= 2 && b.turn > 0 && !pod.Boosted {
			// An opponent's thrust beyond 200 is a BOOST (collisions
			// aside): the speed before friction grew by more than that.
			if vel.Scale(1/(1-simcsb.Friction)).Sub(pod.Vel).Len() > 1.5*simcsb.MaxThrust &&
				vel.Len2() > pod.Vel.Len2() {
				pod.Boosted = true
			}
		}
		pod.Pos = sim.Vec{X: float64(p[0]), Y: float64(p[1])}
		pod.Vel = vel
		pod.HasAngle = p[4] >= 0
		if pod.HasAngle {
			pod.Angle = float64(p[4]) * degToRad
		}
		if p[5] < 0 {
			st.Dead[simcsb.Owner(i)] = true
			continue
		}
		if next := int32(p[5]); next != pod.Next {
			pod.Passed += (next - pod.Next + st.NumCheckpoints) % st.NumCheckpoints
			pod.Next = next
			pod.LastPass = st.Round
		}
	}
	return nil
}

// Turn reads the four pod lines of a turn, read from start on, and
// returns the two output lines.
func (b *Bot) Turn(lines []string, start time.Time) ([2]string, error) {
	var out [2]string
	if err := b.update(lines); err != nil {
		return out, err
	}
	cmds := b.decide(start)
	for k, c := range cmds {
		i := 2*b.me + k
		p := &b.st.Pods[i]
		// What the engine keeps of our own orders.
		switch {
		case c.Shield:
			p.Lock = simcsb.ShieldLockTurns
		case p.Lock > 0:
			p.Lock--
		}
		if c.Boost && !c.Shield {
			p.Boosted = true
			if b.st.Rules == simcsb.Published {
				c.Boost, c.Thrust = false, simcsb.MaxThrust
			}
		}
		out[k] = string(AppendCommand(nil, c))
	}
	b.turn++
	return out, nil
}

// decide returns the commands of the bot's pods for the current state.
func (b *Bot) decide(start time.Time) [2]simcsb.Command {
	var cmds [2]simcsb.Command
	if b.cfg.Strategy == StrategyBaseline {
		longest := longestLeg(&b.st)
		for k := 0; k < 2; k++ {
			cmds[k] = baselineCommand(&b.st, 2*b.me+k, longest)
		}
		b.Sims, b.Iterations = 0, 0
		return cmds
	}
	limit := b.cfg.Turn
	if b.turn == 0 {
		limit = b.cfg.FirstTurn
	}
	budget := bot.NewBudget(start, limit, b.cfg.Iterations)
	s := b.search
	s.Sims = 0
	plan := s.Turn(&b.st, b.turn == 0, b.cfg.Strategy, &budget)
	for k := 0; k < 2; k++ {
		cmds[k] = s.command(2*b.me+k, plan[0][k])
	}
	b.Sims, b.Iterations = s.Sims, budget.Iterations()
	return cmds
}

// AppendCommand appends the output line of c: "x y thrust", "x y SHIELD"
// or "x y BOOST".
func AppendCommand(dst []byte, c simcsb.Command) []byte {
	dst = strconv.AppendInt(dst, int64(c.Target.X), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(c.Target.Y), 10)
	dst = append(dst, ' ')
	switch {
	case c.Shield:
		return append(dst, "SHIELD"...)
	case c.Boost:
		return append(dst, "BOOST"...)
	}
	return strconv.AppendInt(dst, int64(c.Thrust), 10)
}

// Run plays a whole game on the CodinGame protocol: the init lines, then
// four pod lines a turn, answering two lines a turn and flushing them. It
// returns nil at the end of the input, an error naming the line for bad
// input. The garbage collector is off while it runs (the search does not
// allocate); log receives a line per turn with the simulated turns.
func Run(in io.Reader, out io.Writer, log io.Writer, cfg Config) error {
	b, err := NewBot(cfg)
	if err != nil {
		return err
	}
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	input, w := bot.NewInput(in), bot.NewOutput(out)
	next := input.Next
	first, ok := next()
	if !ok {
		return input.Err()
	}
	start := time.Now()
	init := []string{first}
	if l, ok := next(); ok {
		init = append(init, l)
		var n [1]int
		if parseInts(l, n[:], 2, simcsb.MaxCheckpoints) == nil {
			for k := 0; k < n[0]; k++ {
				if l, ok = next(); !ok {
					break
				}
				init = append(init, l)
			}
		}
	}
	if err := b.Init(init); err != nil {
		return fmt.Errorf("line %d: %v", input.Line, err)
	}
	var lines [4]string
	for turn := 0; ; turn++ {
		for k := range lines {
			l, ok := next()
			if !ok {
				if err := input.Err(); err != nil {
					return err
				}
				if k == 0 {
					return nil
				}
				return fmt.Errorf("line %d: turn %d: input ends after %d of 4 pod lines", input.Line, turn+1, k)
			}
			if k == 0 && turn > 0 {
				start = time.Now()
			}
			lines[k] = l
		}
		o, err := b.Turn(lines[:], start)
		if err != nil {
			return fmt.Errorf("line %d: %v", input.Line, err)
		}
		if err := w.Answer(o[0], o[1]); err != nil {
			return err
		}
		bot.EndTurn(log, turn, b.Sims, b.Iterations, start)
	}
}
