package league

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"impulse/referee/match"
	"impulse/sim"
)

// gate is a runner of pairs whose games finish when the test says:
// each pair tells when it starts, with the games it was asked for, and
// each game waits for a release (p1 wins it).
type gate struct {
	started chan startedPair
	release chan bool
}

type startedPair struct {
	Plan  Plan
	Games []int
}

func newGate() *gate { return &gate{started: make(chan startedPair), release: make(chan bool)} }

func (g *gate) runner(ctx context.Context, p Plan, o *match.Options) (match.Runner, error) {
	return gatedPair{g, p}, nil
}

type gatedPair struct {
	g *gate
	p Plan
}

func (r gatedPair) Play(ctx context.Context, o *match.Options, games []match.Spec, done chan<- match.Game) error {
	sp := startedPair{Plan: r.p}
	for _, s := range games {
		sp.Games = append(sp.Games, s.Index)
	}
	select {
	case r.g.started <- sp:
	case <-ctx.Done():
		return nil
	}
	for _, s := range games {
		select {
		case <-r.g.release:
		case <-ctx.Done():
			return nil
		}
		select {
		case done <- match.Game{Index: s.Index, Seed: s.Seed, Ranks: [2]int{0, 1}}:
		case <-ctx.Done():
			return nil
		}
	}
	return nil
}

// next waits for the next pair to start.
func (g *gate) next(t *testing.T) startedPair {
	t.Helper()
	select {
	case sp := <-g.started:
		return sp
	case <-time.After(20 * time.Second):
		t.Fatal("no pair started")
	}
	return startedPair{}
}

// finish lets n games finish.
func (g *gate) finish(t *testing.T, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		select {
		case g.release <- true:
		case <-time.After(20 * time.Second):
			t.Fatal("no game to finish")
		}
	}
}

// TestRunSeesCommands plays a league one pair at a time while bots are
// added and stopped through the store run owns: the next pair sees them.
// Interrupted in the middle of a pair, run stores the games finished;
// run again, it first plays the pair's other game, then plays on until
// the league counts the games asked for.
func TestRunSeesCommands(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := openLeague(t, dir, Create)
	for _, name := range []string{"a", "b"} {
		if _, err := Add(ctx, s, name, "csb/baseline", Setting{}, testPlayers); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	g := newGate()
	o := RunOptions{Parallel: 1, MinGames: 2, Seed: 10, TimeScale: 1, Runner: g.runner, Log: io.Discard}
	owner := openLeague(t, dir, Own)
	rctx, stopRun := context.WithCancel(ctx)
	ran := make(chan error)
	go func() { ran <- Run(rctx, owner, o) }()
	cmd := openLeague(t, dir, Use)
	want := []startedPair{{Plan{0, [2]string{"a", "b"}, 10}, []int{0, 1}}}
	got := []startedPair{g.next(t)}
	if _, err := Add(ctx, cmd, "c", "csb/baseline", Setting{}, testPlayers); err != nil {
		t.Fatal(err)
	}
	g.finish(t, 2)
	want = append(want, startedPair{Plan{1, [2]string{"c", "a"}, 11}, []int{0, 1}})
	got = append(got, g.next(t))
	if _, err := Stop(ctx, cmd, "c"); err != nil {
		t.Fatal(err)
	}
	g.finish(t, 2)
	want = append(want, startedPair{Plan{2, [2]string{"a", "b"}, 12}, []int{0, 1}})
	got = append(got, g.next(t))
	g.finish(t, 1)
	waitGames(t, cmd, 5)
	stopRun()
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("pairs (-want +got):\n%s", diff)
	}
	o.Games = 8
	go func() { ran <- Run(ctx, owner, o) }()
	if sp := g.next(t); !cmp.Equal(sp, startedPair{Plan{2, [2]string{"a", "b"}, 12}, []int{1}}) {
		t.Errorf("run again: %v first, want the rest of pair 2: its game 1", sp)
	}
	g.finish(t, 1)
	if sp := g.next(t); sp.Plan.Pair != 3 {
		t.Errorf("then %v, want pair 3", sp)
	}
	g.finish(t, 2)
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	st, err := owner.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	wantKeys := []string{"0/0", "0/1", "1/0", "1/1", "2/0", "2/1", "3/0", "3/1"}
	if diff := cmp.Diff(wantKeys, keys(st)); diff != "" {
		t.Errorf("games (-want +got):\n%s", diff)
	}
}

// waitGames waits until the league counts n games.
func waitGames(t *testing.T, s *Store, n int) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if st, err := s.Load(context.Background()); err == nil && len(st.Games) >= n {
			return
		}
	}
	t.Fatalf("the league never counted %d games", n)
}

// failing is a runner whose games cannot be played.
type failing struct{}

func (failing) Play(ctx context.Context, o *match.Options, games []match.Spec, done chan<- match.Game) error {
	return errors.New("p2: no such file")
}

// TestRunError: a pair that cannot be played stops the run with an error
// naming the pair, its bots and what to do; its plan stays, for the
// next run.
func TestRunError(t *testing.T) {
	ctx := context.Background()
	s := openLeague(t, t.TempDir(), Create)
	for _, name := range []string{"a", "b"} {
		if _, err := Add(ctx, s, name, "csb/baseline", Setting{}, testPlayers); err != nil {
			t.Fatal(err)
		}
	}
	// One pair at a time: with two, pair 1's error may come first.
	o := RunOptions{Parallel: 1, Seed: 1, TimeScale: 1, Log: io.Discard,
		Runner: func(context.Context, Plan, *match.Options) (match.Runner, error) { return failing{}, nil }}
	err := Run(ctx, s, o)
	if err == nil || !strings.Contains(err.Error(), "(a vs b, seed 1): p2: no such file; stop the bot") {
		t.Errorf("run: %v, want an error naming pair 0 and its bots", err)
	}
	if st, _ := s.Load(ctx); len(st.Planned) == 0 || len(st.Games) != 0 {
		t.Errorf("%d plans, %d games; want plans and no game", len(st.Planned), len(st.Games))
	}
}

// winning is a runner whose games p1 wins at once.
type winning struct{}

func (winning) Play(ctx context.Context, o *match.Options, games []match.Spec, done chan<- match.Game) error {
	for _, s := range games {
		done <- match.Game{Index: s.Index, Seed: s.Seed, Ranks: [2]int{0, 1}}
	}
	return nil
}

// TestRunFingerprint: add takes a bot's fingerprint; a run stops, before
// playing, at a bot whose command now plays otherwise, naming it and the
// update that makes it a new version; after the update the run plays on.
func TestRunFingerprint(t *testing.T) {
	ctx := context.Background()
	s := openLeague(t, t.TempDir(), Create)
	var mu sync.Mutex
	digests := map[string]string{"csb/baseline": "play:1", "csb/ga": "play:2"}
	s.Fingerprint = func(command, game string, rules sim.Rules) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		return digests[command], nil
	}
	for name, command := range map[string]string{"a": "csb/baseline", "b": "csb/ga"} {
		p, err := Add(ctx, s, name, command, Setting{}, testPlayers)
		if err != nil {
			t.Fatal(err)
		}
		if p.Fingerprint != digests[command] {
			t.Errorf("add %s: fingerprint %q, want %q", name, p.Fingerprint, digests[command])
		}
	}
	o := RunOptions{Parallel: 1, Seed: 1, TimeScale: 1, Log: io.Discard, Games: 2,
		Runner: func(context.Context, Plan, *match.Options) (match.Runner, error) { return winning{}, nil }}
	if err := Run(ctx, s, o); err != nil {
		t.Fatalf("run with the bots as added: %v", err)
	}

	mu.Lock()
	digests["csb/ga"] = "play:3"
	mu.Unlock()
	o.Games = 4
	err := Run(ctx, s, o)
	for _, want := range []string{`b: "csb/ga" plays otherwise than when it was added (fingerprint play:2, now play:3`, `referee league update -dir ` + s.Dir() + ` b "csb/ga"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("run with b changed: %v; want an error with %q", err, want)
		}
	}
	if err != nil && strings.Contains(err.Error(), "stop the bot") {
		t.Errorf("run with b changed: %v; want the update, not a stop", err)
	}
	if st, _ := s.Load(ctx); len(st.Games) != 2 {
		t.Errorf("%d games after the changed bot's run, want the 2 before", len(st.Games))
	}

	p, err := Update(ctx, s, "b", "csb/ga", Setting{}, testPlayers)
	if err != nil || p.ID != "b#2" || p.Fingerprint != "play:3" {
		t.Fatalf("update b: %+v, %v; want b#2 with fingerprint play:3", p, err)
	}
	if err := Run(ctx, s, o); err != nil {
		t.Fatalf("run after the update: %v", err)
	}
	st, _ := s.Load(ctx)
	if len(st.Games) != 4 {
		t.Errorf("%d games after the update's run, want 4", len(st.Games))
	}
	for _, r := range st.Games[2:] {
		if r.Players[0] != "b#2" && r.Players[1] != "b#2" {
			t.Errorf("game %s of %v after the update: want b#2 in it", r.Key, r.Players)
		}
	}
}
