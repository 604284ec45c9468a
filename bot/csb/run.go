package csb

import (
	"fmt"
	"io"
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

// Config is the setting of a bot (bot.Setup); its zero parts mean the
// package's defaults. Under the live rules the bot still tells the
// published referee by the laps: the live game races 3, so 2 or 5 laps
// mean the published referee; a published race of 3 laps needs Rules set,
// as the input does not tell.
type Config bot.Setup[Weights, Baseline, Genes]

// setup is Config's bot.Setup, for its methods.
type setup = bot.Setup[Weights, Baseline, Genes]

// defaults returns the defaults of a Config's zero parts.
func defaults() *setup {
	return &setup{Weights: DefaultWeights, Settings: Settings, Baseline: DefaultBaseline, Genes: DefaultGenes}
}

// Bot plays one game: it keeps what the input does not repeat (the map,
// the passes, its own BOOST and SHIELD) and answers each turn.
type Bot struct {
	cfg    Config
	search *Search
	st     simcsb.State
	me     int // the player, found on the first turn from the spawn
	turn   int
	lines  [simcsb.MaxPods]string // a turn's input
	// Sims and Iterations are the simulated turns and search iterations of
	// the last turn.
	Sims, Iterations int
}

// NewBot returns a bot for cfg, or an error naming an unknown strategy.
func NewBot(cfg Config) (*Bot, error) {
	if err := (*setup)(&cfg).Prepare(DefaultFirstTurn, DefaultTurn, defaults(), MaxDepth); err != nil {
		return nil, err
	}
	if err := cfg.Genes.check(); err != nil {
		return nil, err
	}
	if t := cfg.Baseline.Thrust; t < 0 || t > simcsb.MaxThrust {
		return nil, fmt.Errorf("base-thrust %d: want 0..%d", t, simcsb.MaxThrust)
	}
	return &Bot{cfg: cfg}, nil
}

// Init reads the init lines (sim/csb.ReadInit) and checks that the search
// can run on the map.
func (b *Bot) Init(lines []string) error {
	st, err := simcsb.ReadInit(lines)
	if err != nil {
		return err
	}
	if err := checkMap(st.Checkpoints[:st.NumCheckpoints]); err != nil {
		return fmt.Errorf("init: %v", err)
	}
	if st.Laps != 3 || b.cfg.Rules == simcsb.Published {
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
func clampSpeed(v float64) float64 {
	if v > maxSpeedComponent {
		return maxSpeedComponent
	}
	if v < -maxSpeedComponent {
		return -maxSpeedComponent
	}
	return v
}

// update takes the four pod lines of a turn (own pods first) into the
// state (sim/csb.ReadTurn); on the first turn it finds the bot's seat.
func (b *Bot) update(lines []string) error {
	st := &b.st
	if b.turn == 0 {
		b.me = st.ReadSeat(lines)
		b.search = newSearch(b.me, b.cfg.Seed, b.cfg.Settings)
		b.search.Weights, b.search.Baseline, b.search.Genes = b.cfg.Weights, b.cfg.Baseline, b.cfg.Genes
	}
	st.Round = int32(b.turn)
	if err := st.ReadTurn(lines, b.me); err != nil {
		return fmt.Errorf("turn %d, %v", b.turn+1, err)
	}
	for i := range st.Pods {
		p := &st.Pods[i]
		p.Vel = sim.Vec{X: clampSpeed(p.Vel.X), Y: clampSpeed(p.Vel.Y)}
		for j := 0; j < i; j++ {
			if p.Pos == st.Pods[j].Pos {
				// Two pods in one place never happen in a game, and hang
				// sim/csb's collision loop (see its BUG note): part them.
				p.Pos.X++
			}
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
		out[k] = c.String()
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
			cmds[k] = baselineCommand(&b.st, 2*b.me+k, longest, &b.cfg.Baseline)
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

// ReadInit reads the init lines (bot.Player): laps, the checkpoint count,
// then as many checkpoint lines as it says.
func (b *Bot) ReadInit(first string, next func() (string, bool)) ([]string, error) {
	init := []string{first}
	if l, ok := next(); ok {
		init = append(init, l)
		if n, err := strconv.Atoi(strings.TrimSpace(l)); err == nil && n >= 2 && n <= simcsb.MaxCheckpoints {
			for k := 0; k < n; k++ {
				if l, ok = next(); !ok {
					break
				}
				init = append(init, l)
			}
		}
	}
	return init, nil
}

// ReadTurn reads a turn's four pod lines (bot.Player).
func (b *Bot) ReadTurn(next func() (string, bool), turn int) ([]string, error) {
	return bot.ReadLines(next, b.lines[:], "pod lines")
}

// Stats returns the last turn's simulated turns and iterations
// (bot.Player).
func (b *Bot) Stats() (sims, iterations int) { return b.Sims, b.Iterations }

// Run plays a whole game on the CodinGame protocol (bot.Run).
func Run(in io.Reader, out io.Writer, log io.Writer, cfg Config) error {
	b, err := NewBot(cfg)
	if err != nil {
		return err
	}
	return bot.Run(in, out, log, b)
}
