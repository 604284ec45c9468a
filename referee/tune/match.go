package tune

import (
	"context"
	"fmt"
	"strings"

	"impulse/referee/match"
)

// Command returns the command line template with each {NAME} replaced by
// the value of the parameter NAME (Format). It is an error for the
// template to lack a parameter's placeholder or to hold an unknown one.
func Command(template string, params []Param, values []float64) (string, error) {
	var b strings.Builder
	used := make([]bool, len(params))
	rest := template
	for {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			b.WriteString(rest)
			break
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return "", fmt.Errorf("command %q: { without }", template)
		}
		name := rest[i+1 : i+j]
		k := -1
		for n := range params {
			if params[n].Name == name {
				k = n
			}
		}
		if k < 0 {
			return "", fmt.Errorf("command %q: {%s} is no parameter", template, name)
		}
		used[k] = true
		b.WriteString(rest[:i])
		b.WriteString(Format(values[k], params[k].Integer))
		rest = rest[i+j+1:]
	}
	for k, u := range used {
		if !u {
			return "", fmt.Errorf("command %q: no {%s}", template, params[k].Name)
		}
	}
	return b.String(), nil
}

// MatchRunner plays pairs as bot processes through referee/match (its
// time limits, process groups and handling of misbehaving bots): each
// pair is a match of two games.
type MatchRunner struct {
	// Match is the match's setting: Game, Rules, TimeScale, and Runner to
	// play on other machines; Parallel 1 plays a pair's games one after
	// the other, else both at once. Players, Games and Seeds are set for
	// each pair.
	Match match.Options
	// Bot is the tuned bot's command line with {NAME} placeholders.
	Bot    string
	Params []Param
	// Opponent plays side B when a pair has none.
	Opponent match.Player
	// Player turns a command line into a player (the referee's built-in
	// bots); nil splits it as a shell would (match.SplitCommand).
	Player func(cmd string) (match.Player, error)
	// PairRunner, when set, returns the runner that plays pair p between
	// players (p1 is side A) instead of Match.Runner: a queue's runner is
	// one run per pair, its players shipped with it.
	PairRunner func(ctx context.Context, p Pair, players [2]match.Player) (match.Runner, error)
}

// PlayPair plays p's seed twice, A as p1 (seat 0, then seat 1).
func (r *MatchRunner) PlayPair(ctx context.Context, p Pair) ([2]float64, error) {
	o := r.Match
	side := func(values []float64) (match.Player, error) {
		if values == nil {
			return r.Opponent, nil
		}
		cmd, err := Command(r.Bot, r.Params, values)
		if err != nil {
			return match.Player{}, err
		}
		if r.Player != nil {
			return r.Player(cmd)
		}
		argv, err := match.SplitCommand(cmd)
		return match.Player{Name: cmd, Argv: argv}, err
	}
	var err error
	if o.Players[0], err = side(p.A); err != nil {
		return [2]float64{}, err
	}
	if o.Players[1], err = side(p.B); err != nil {
		return [2]float64{}, err
	}
	if r.PairRunner != nil {
		if o.Runner, err = r.PairRunner(ctx, p, o.Players); err != nil {
			return [2]float64{}, err
		}
	}
	o.Games, o.Seeds = 2, []int64{p.Seed}
	if o.Parallel != 1 {
		o.Parallel = 2
	}
	o.Progress, o.Results, o.SPRT = nil, nil, nil
	rep, err := match.Run(ctx, o)
	if err != nil {
		return [2]float64{}, err
	}
	if ctx.Err() != nil {
		return [2]float64{}, ctx.Err()
	}
	if len(rep.Games) != 2 {
		return [2]float64{}, fmt.Errorf("%d games of the pair finished, want 2", len(rep.Games))
	}
	return [2]float64{rep.Games[0].Score(), rep.Games[1].Score()}, nil
}
