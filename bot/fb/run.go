package fb

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"impulse/bot"
	simfb "impulse/sim/fb"
)

// Default budgets: CodinGame allows 1000 ms for the first turn and 100 ms
// for the others, counted by its clock; these leave a margin. With 85 ms
// the answers came at 85.6 ms on average through the referee, but a busy
// machine pushed some past 100 ms; 80 ms answers within 90 but for
// hiccups of the scheduler.
const (
	DefaultFirstTurn = 900 * time.Millisecond
	DefaultTurn      = 80 * time.Millisecond
)

// Strategies: the genetic algorithm (the default), the beam search for
// our plan (kept to measure the two), the baseline heuristic.
const (
	StrategyGA       = bot.StrategyGA
	StrategyBeam     = bot.StrategyBeam
	StrategyBaseline = bot.StrategyBaseline
)

// Config is the setting of a bot.
type Config struct {
	bot.Config
	// Weights are the evaluation's (zero: DefaultWeights).
	Weights Weights
	// Settings are the search's constants (zero: the package's Settings;
	// a zero Depth is Depth, the default).
	Settings bot.Settings
	// Genes are the odds of the orders the search draws (zero:
	// DefaultGenes).
	Genes Genes
	// Baseline are the baseline policy's thresholds, also the search's
	// heuristic plans' (zero: DefaultThresholds).
	Baseline Thresholds
}

// defaults sets the zero parts of c to the package's defaults.
func (c *Config) defaults() {
	bot.OrDefault(&c.Weights, DefaultWeights)
	bot.OrDefault(&c.Settings, Settings)
	bot.OrDefault(&c.Settings.Depth, Depth)
	bot.OrDefault(&c.Genes, DefaultGenes)
	bot.OrDefault(&c.Baseline, DefaultThresholds)
}

// Bot plays one game: it keeps what the input does not repeat (its own
// spells and capture cooldowns, which it plays forward on the simulator
// from its commands; the opponent's cooldowns, from the snaffles it held)
// and answers each turn.
type Bot struct {
	cfg    Config
	search *Search
	st     simfb.State
	me     int
	turn   int
	// magic is the opponent's magic read last turn (inferSpells).
	magic int32
	// lines holds a turn's input.
	lines [3 + simfb.MaxWizards + simfb.MaxSnaffles + simfb.NumBludgers]string
	// Sims and Iterations are the simulated turns and search iterations of
	// the last turn.
	Sims, Iterations int
}

// NewBot returns a bot for cfg, or an error naming an unknown strategy.
func NewBot(cfg Config) (*Bot, error) {
	if err := cfg.Check(DefaultFirstTurn, DefaultTurn); err != nil {
		return nil, err
	}
	cfg.defaults()
	if err := cfg.Settings.Check(); err != nil {
		return nil, err
	}
	if cfg.Settings.Depth > MaxDepth {
		return nil, fmt.Errorf("depth %d: want %d at most", cfg.Settings.Depth, MaxDepth)
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
	b.search.W, b.search.G, b.search.B = b.cfg.Weights, b.cfg.Genes, b.cfg.Baseline
	return nil
}

// Turn reads a turn's lines (the two score/magic lines, the entity
// count, the entities), read from start on, and returns the two output
// lines.
func (b *Bot) Turn(lines []string, start time.Time) ([2]string, error) {
	var out [2]string
	if err := b.st.ReadTurn(lines, b.me); err != nil {
		return out, fmt.Errorf("turn %d: %v", b.turn+1, err)
	}
	b.st.Round = int32(b.turn)
	if b.cfg.Weights.InferSpells && b.turn > 0 {
		b.inferSpells(b.magic + 1 - b.st.Magic[1-b.me])
	}
	b.magic = b.st.Magic[1-b.me]
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

// forward plays the turn on the bot's state with its commands, so that
// what the next input does not show is kept: its spells (cast now, acting
// from the next turn), its capture cooldowns, the snaffles' ignore lists.
// The opponent's commands are unknown: a holder is given a command (any
// command sets its cooldown), the others none; its spells are not known.
// The next input overwrites positions, speeds, scores and magic.
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

// paidSpells returns the n spells the opponent cast in a turn in which it
// paid paid magic: a cost of 20 is an ACCIO or a FLIPENDO (told apart by
// inferSpells), 10 a PETRIFICUS (rather than two OBLIVIATEs); OBLIVIATE,
// which only turns bludgers away, is not modelled (15 is a PETRIFICUS, 25
// one of 20).
func paidSpells(paid int32) (sp [2]simfb.Spell, n int) {
	switch paid {
	case 10, 15:
		return [2]simfb.Spell{simfb.Petrificus}, 1
	case 20, 25:
		return [2]simfb.Spell{simfb.Flipendo}, 1
	case 30:
		return [2]simfb.Spell{simfb.Flipendo, simfb.Petrificus}, 2
	case 40:
		return [2]simfb.Spell{simfb.Flipendo, simfb.Flipendo}, 2
	}
	return sp, 0
}

// inferSpells gives the opponent's wizards the spells that the magic it
// paid last turn tells it cast (Weights.InferSpells; paid is the magic
// read the turn before, plus the point a turn brings, minus today's): the
// engine starts them this turn, and the input shows neither spell nor
// target. Each spell goes to the wizard, target (and, for a cost of 20,
// ACCIO or FLIPENDO) best for the opponent: the one whose rollout of both
// players' baseline policies over the search's depth the evaluation ranks
// highest for the opponent. Spells already started are kept.
func (b *Bot) inferSpells(paid int32) {
	spells, n := paidSpells(paid)
	op := 1 - b.me
	used := -1
	for _, sp := range spells[:n] {
		best, bestScore := hypothesis{caster: -1}, math.Inf(-1)
		for k := 0; k < 2; k++ {
			i := 2*op + k
			if i == used {
				continue
			}
			var buf [2*simfb.MaxSnaffles + 2]hypothesis
			for _, h := range candidates(buf[:0], &b.st, i, sp) {
				if v := b.tryHypothesis(h, op); v > bestScore {
					best, bestScore = h, v
				}
			}
		}
		if best.caster < 0 {
			return
		}
		w := &b.st.Wizards[best.caster]
		w.Cast, w.LastTarget = best.spell, int8(best.target)
		used = best.caster
	}
}

// hypothesis is a spell the opponent may have cast: its caster, spell and
// target entity id.
type hypothesis struct {
	caster, target int
	spell          simfb.Spell
}

// candidates appends to hs the spells that wizard i of the opponent may
// have cast for a spell of sp's cost: FLIPENDO (then also ACCIO) or
// PETRIFICUS on any live snaffle it does not hold, PETRIFICUS also on a
// wizard of the other player.
func candidates(hs []hypothesis, st *simfb.State, i int, sp simfb.Spell) []hypothesis {
	for k := 0; k < int(st.NumSnaffles); k++ {
		sn := &st.Snaffles[k]
		if sn.Scored || int(sn.Carrier) == i {
			continue
		}
		id := st.SnaffleID(k)
		hs = append(hs, hypothesis{i, id, sp})
		if sp == simfb.Flipendo {
			hs = append(hs, hypothesis{i, id, simfb.Accio})
		}
	}
	if sp == simfb.Petrificus {
		other := 1 - simfb.Owner(i)
		hs = append(hs, hypothesis{i, 2 * other, sp}, hypothesis{i, 2*other + 1, sp})
	}
	return hs
}

// tryHypothesis returns the opponent's evaluation after h is started
// and both players play their baseline for the search's depth.
func (b *Bot) tryHypothesis(h hypothesis, op int) float64 {
	st := b.st
	w := &st.Wizards[h.caster]
	w.Cast, w.LastTarget = h.spell, int8(h.target)
	for t := 0; t < b.cfg.Settings.Depth; t++ {
		var all [simfb.MaxWizards]simfb.Command
		for pl := 0; pl < 2; pl++ {
			c := b.cfg.Baseline.Commands(&st, pl)
			all[2*pl], all[2*pl+1] = c[0], c[1]
		}
		if res := st.Play(&all, nil); res.Over || st.Round >= simfb.MaxRounds {
			break
		}
	}
	return b.cfg.Weights.eval(&st, op)
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
