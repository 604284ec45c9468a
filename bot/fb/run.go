package fb

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"impulse/bot"
	simfb "impulse/sim/fb"
)

// Default budgets: CodinGame allows 1000 ms for the first turn and 100 ms
// for the others, counted by its clock; these leave a margin
// (MEASUREMENTS.md).
const (
	DefaultFirstTurn = 900 * time.Millisecond
	DefaultTurn      = 80 * time.Millisecond
)

// Strategies, as in package bot (the beam kept for the comparison: doc.go).
const (
	StrategyGA       = bot.StrategyGA
	StrategyBeam     = bot.StrategyBeam
	StrategyBaseline = bot.StrategyBaseline
)

// Config is the setting of a bot (bot.Setup); its zero parts mean the
// package's defaults.
type Config bot.Setup[Weights, Baseline, Genes]

// setup is Config's bot.Setup, for its methods.
type setup = bot.Setup[Weights, Baseline, Genes]

// defaults returns the defaults of a Config's zero parts.
func defaults() *setup {
	return &setup{Weights: DefaultWeights, Settings: Settings, Baseline: DefaultBaseline, Genes: DefaultGenes}
}

// Bot plays one game, keeping what the input does not show (forward).
type Bot struct {
	cfg    Config
	search *Search
	st     simfb.State
	me     int
	turn   int
	// lines holds a turn's input.
	lines [3 + simfb.MaxWizards + simfb.MaxSnaffles + simfb.NumBludgers]string
	// Sims and Iterations are the simulated turns and search iterations of
	// the last turn.
	Sims, Iterations int
}

// NewBot returns a bot for cfg, or an error for settings it refuses.
func NewBot(cfg Config) (*Bot, error) {
	if err := (*setup)(&cfg).Prepare(DefaultFirstTurn, DefaultTurn, defaults(), MaxDepth); err != nil {
		return nil, err
	}
	if err := cfg.Genes.check(); err != nil {
		return nil, err
	}
	return &Bot{cfg: cfg}, nil
}

// Init reads the init line: the bot's team, 0 or 1 (sim/fb.ReadInit).
func (b *Bot) Init(lines []string) error {
	id, err := simfb.ReadInit(lines)
	if err != nil {
		return err
	}
	b.me = id
	b.st = simfb.State{Rules: b.cfg.Rules}
	b.turn = 0
	b.search = newSearch(id, b.cfg.Seed, b.cfg.Settings)
	b.search.Weights, b.search.Genes, b.search.Baseline = b.cfg.Weights, b.cfg.Genes, b.cfg.Baseline
	return nil
}

// Turn implements bot.Player.
func (b *Bot) Turn(lines []string, start time.Time) ([2]string, error) {
	var out [2]string
	if err := b.st.ReadTurn(lines, b.me); err != nil {
		return out, fmt.Errorf("turn %d: %v", b.turn+1, err)
	}
	b.st.Round = int32(b.turn)
	cmds := b.decide(start)
	for k, c := range cmds {
		out[k] = c.String()
	}
	b.forward(cmds)
	b.turn++
	return out, nil
}

// decide returns the commands of the bot's wizards for the current state.
func (b *Bot) decide(start time.Time) [2]simfb.Command {
	if b.cfg.Strategy == StrategyBaseline {
		b.Sims, b.Iterations = 0, 0
		return b.cfg.Baseline.Commands(&b.st, b.me)
	}
	limit := b.cfg.Turn
	if b.turn == 0 {
		limit = b.cfg.FirstTurn
	}
	budget := bot.NewBudget(start, limit, b.cfg.Iterations)
	s := b.search
	s.Sims = 0
	plan := s.Turn(&b.st, b.turn == 0, b.cfg.Strategy, &budget)
	// The commands as the rollouts played them: the teammate's spell may
	// take the magic first.
	var cmds [2]simfb.Command
	st := b.st
	st.Prepare()
	for k := 0; k < 2; k++ {
		i := 2*b.me + k
		cmds[k] = command(&st, i, plan[0][k])
		st.Apply(i, cmds[k])
	}
	b.Sims, b.Iterations = s.Sims, budget.Iterations()
	return cmds
}

// forward plays the turn on the bot's state with its commands, to keep
// what the next input does not show: its spells (cast now, acting from
// the next turn), its capture cooldowns, the snaffles' ignore lists. The
// opponent's commands are unknown: a holder is given one (any command
// sets its cooldown), the others none; its spells are not known. The next
// input overwrites positions, speeds, scores and magic.
func (b *Bot) forward(cmds [2]simfb.Command) {
	var all [simfb.MaxWizards]simfb.Command
	for k := 0; k < 2; k++ {
		all[2*b.me+k] = cmds[k]
		i := 2*(1-b.me) + k
		if w := &b.st.Wizards[i]; w.Holding != simfb.NoID {
			all[i] = simfb.Moving(w.Pos.X+1, w.Pos.Y, 0)
		}
	}
	b.st.Play(&all, nil)
}

// ReadInit reads the init line (bot.Player).
func (b *Bot) ReadInit(first string, next func() (string, bool)) ([]string, error) {
	return []string{first}, nil
}

// ReadTurn reads a turn's lines (bot.Player): the two score/magic lines,
// the entity count, then the entities.
func (b *Bot) ReadTurn(next func() (string, bool), turn int) ([]string, error) {
	lines, err := bot.ReadLines(next, b.lines[:3], "header lines")
	if lines == nil || err != nil {
		return nil, err
	}
	const lo, hi = simfb.MaxWizards + simfb.NumBludgers, simfb.MaxWizards + simfb.MaxSnaffles + simfb.NumBludgers
	n, err := strconv.Atoi(strings.TrimSpace(lines[2]))
	if err != nil || n < lo || n > hi {
		return nil, fmt.Errorf("entity count %q: want %d..%d", lines[2], lo, hi)
	}
	if _, err := bot.ReadLines(next, b.lines[3:3+n], "entities"); err != nil {
		return nil, err
	}
	return b.lines[:3+n], nil
}

// Stats implements bot.Player.
func (b *Bot) Stats() (sims, iterations int) { return b.Sims, b.Iterations }

// Run plays a whole game on the CodinGame protocol (bot.Run).
func Run(in io.Reader, out io.Writer, log io.Writer, cfg Config) error {
	b, err := NewBot(cfg)
	if err != nil {
		return err
	}
	return bot.Run(in, out, log, b)
}
