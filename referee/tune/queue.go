package tune

import (
	"context"
	"fmt"
	"os"
	"strings"

	"impulse/referee/match"
	"impulse/referee/queue"
)

// onQueue connects to the queue at s.Server, ships the players once to
// check them (their warnings on Stderr), and makes r play each pair as a
// run of the queue named after the tuning run's id (Folder.QueueRunID),
// the pair's iteration and side, and its players.
func (s *Session) onQueue(ctx context.Context, f *Folder, r *MatchRunner) (*queue.Shipper, error) {
	q, err := queue.DialShipper(s.Server, s.Token, s.Builtin)
	if err != nil {
		return nil, err
	}
	q.Warn = func(label, warning string) { fmt.Fprintf(s.Stderr, "tune: %s: %s\n", label, warning) }
	id, err := s.shipOnce(ctx, q, f, r)
	if err != nil {
		q.Close()
		return nil, err
	}
	fmt.Fprintf(s.Stdout, "tune: the games go to the workers of %s (referee worker -server %s), each pair a run %s-ITERATION-SIDE-HASH\n", s.Server, s.Server, id)
	r.PairRunner = func(ctx context.Context, p Pair, players [2]match.Player) (match.Runner, error) {
		name := fmt.Sprintf("%s-%d-%d", id, p.Iteration, p.Side)
		return q.NamedRemote(ctx, name, fmt.Sprintf("%d %d %d\n", p.Iteration, p.Side, p.Seed), players)
	}
	if s.OnQueue != nil {
		s.OnQueue(q.Client)
	}
	return q, nil
}

// shipOnce ships the tuned bot at its start (-bot) and the opponent (-p2)
// to check them, and returns the run's id on the queue.
func (s *Session) shipOnce(ctx context.Context, q *queue.Shipper, f *Folder, r *MatchRunner) (string, error) {
	cmd, _ := Command(s.Bot, s.Params, s.Start())
	bot, _ := s.Player(cmd)
	for _, p := range []struct {
		label  string
		player match.Player
	}{{"-bot", bot}, {"-p2", r.Opponent}} {
		if p.player.Argv == nil {
			continue
		}
		if _, err := q.Ship(ctx, p.label, p.player); err != nil {
			return "", err
		}
	}
	return f.QueueRunID(s.Resume)
}

// QueueRunID returns the run's id on a queue, kept in QueueFile: a
// resumed run reads it there, a new run draws one (queue.NewRunID) and
// writes it.
func (f *Folder) QueueRunID(resume bool) (string, error) {
	path := f.path(QueueFile)
	if data, err := os.ReadFile(path); err == nil && resume {
		id := strings.TrimSpace(string(data))
		if err := queue.CheckRunID(id); err != nil || len(id) > 32 {
			return "", fmt.Errorf("%s: %q is no run id of referee tune", path, id)
		}
		return id, nil
	}
	id := queue.NewRunID()
	if err := os.WriteFile(path, []byte(id+"\n"), 0o644); err != nil {
		return "", err
	}
	return id, nil
}
