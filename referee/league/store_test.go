package league

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/nats-io/nats.go/jetstream"

	"impulse/referee/match"
)

// openLeague opens a new league in a test's folder, closed at the end.
func openLeague(t *testing.T, dir string, how Access) *Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := Open(ctx, dir, how)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestCommandErrors runs the commands on a league and checks that each
// bad one fails with an error naming the bot and what is wrong, and
// stores nothing.
func TestCommandErrors(t *testing.T) {
	ctx := context.Background()
	s := openLeague(t, t.TempDir(), Create)
	if _, err := Stop(ctx, s, "a"); err == nil || !strings.Contains(err.Error(), "stop a: a: no bot") {
		t.Errorf("stop in an empty league: %v", err)
	}
	if _, err := Add(ctx, s, "a", "csb/ga -iterations 30", Setting{}); err != nil {
		t.Fatal(err)
	}
	if _, err := Add(ctx, s, "b", "csb/baseline", Setting{}); err != nil {
		t.Fatal(err)
	}
	if err := Remove(ctx, s, "b"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		do   func() error
		want string
	}{
		{"a name added twice", func() error { _, err := Add(ctx, s, "a", "csb/baseline", Setting{}); return err }, "add a: a is in the league already"},
		{"a bad name", func() error { _, err := Add(ctx, s, "a b", "csb/baseline", Setting{}); return err }, `bot name "a b"`},
		{"an unknown flag", func() error { _, err := Add(ctx, s, "c", "csb/ga -nope 1", Setting{}); return err }, `add c "csb/ga -nope 1": csb/ga: flag provided but not defined: -nope`},
		{"no such program", func() error { _, err := Add(ctx, s, "c", "./no-such-bot", Setting{}); return err }, `add c "./no-such-bot": ./no-such-bot is neither a built-in bot`},
		{"a bot of the other game", func() error { _, err := Add(ctx, s, "c", "fb/ga", Setting{}); return err }, `add c "fb/ga": fb/ga is a built-in bot of fb`},
		{"a league of the other game", func() error { _, err := Add(ctx, s, "c", "fb/ga", Setting{Game: "fb"}); return err }, "add c: the league plays csb, not fb"},
		{"other rules", func() error { _, err := Add(ctx, s, "c", "csb/ga", Setting{Rules: "published"}); return err }, "add c: the league plays the live rules, not published"},
		{"an unknown anchor", func() error { _, err := Add(ctx, s, "c", "csb/ga", Setting{Anchor: "z"}); return err }, `add c: anchor "z": no such bot`},
		{"a command that does not split", func() error { _, err := Add(ctx, s, "c", "./bot 'x", Setting{}); return err }, `add c "./bot 'x": `},
		{"an empty command", func() error { _, err := Add(ctx, s, "c", " ", Setting{}); return err }, `add c " ": empty command`},
		{"update of an unknown bot", func() error { _, err := Update(ctx, s, "z", "csb/ga", Setting{}); return err }, "update z: z: no bot of that name"},
		{"update of a removed bot", func() error { _, err := Update(ctx, s, "b", "csb/ga", Setting{}); return err }, "update b: b was removed"},
		{"stop of a removed bot", func() error { _, err := Stop(ctx, s, "b"); return err }, "stop b: b was removed"},
		{"remove of a removed bot", func() error { return Remove(ctx, s, "b") }, "remove b: b was removed"},
		{"remove of a version", func() error { return Remove(ctx, s, "a#2") }, "remove a#2: give the bot's name, a"},
		{"stop of an unknown version", func() error { _, err := Stop(ctx, s, "a#2"); return err }, "stop a: a#2: no bot"},
	}
	before, err := s.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		if err := tc.do(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	after, err := s.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("the failed commands changed the league (-before +after):\n%s", diff)
	}
}

// TestCommands: add, update and stop as the state shows them; a relative
// path to a program is stored absolute; the first add sets the league.
func TestCommands(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	prog := filepath.Join(dir, "bot.sh")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	s := openLeague(t, filepath.Join(dir, "league"), Create)
	if _, err := Add(ctx, s, "sh", "./bot.sh 'an arg'", Setting{Rules: "published", Anchor: "sh"}); err != nil {
		t.Fatal(err)
	}
	if _, err := Add(ctx, s, "ga", "csb/ga", Setting{}); err != nil {
		t.Fatal(err)
	}
	p, err := Update(ctx, s, "ga", "csb/ga -iterations 10", Setting{Anchor: "ga"})
	if err != nil || p.ID != "ga#2" || p.Version != 2 {
		t.Fatalf("update: %+v, %v; want ga#2", p, err)
	}
	if p, err = Stop(ctx, s, "ga"); err != nil || p.ID != "ga#2" {
		t.Fatalf("stop ga: %+v, %v; want ga#2 stopped", p, err)
	}
	st, err := s.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Game != "csb" || st.Rules != "published" || st.Anchor != "ga" {
		t.Errorf("league %s %s anchor %s, want csb published ga", st.Game, st.Rules, st.Anchor)
	}
	type row struct {
		ID, Command string
		Stopped     bool
	}
	var got []row
	for _, p := range st.Players {
		got = append(got, row{p.ID, p.Command, p.Stopped})
	}
	want := []row{{"sh", prog + " 'an arg'", false}, {"ga", "csb/ga", true}, {"ga#2", "csb/ga -iterations 10", true}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("players (-want +got):\n%s", diff)
	}
}

// TestStoreOwned: while run owns the store, a command dials it and what
// it stores, run reads; a second run is refused; once run closes, a
// command starts the store itself and finds everything.
func TestStoreOwned(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := openLeague(t, dir, Create)
	if _, err := Add(ctx, s, "a", "csb/baseline", Setting{}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	owner := openLeague(t, dir, Own)
	if _, err := Open(ctx, dir, Own); err == nil || !strings.Contains(err.Error(), "another run plays this league") {
		t.Errorf("a second run: %v", err)
	}
	c := openLeague(t, dir, Use)
	if c.server != nil {
		t.Fatal("the command started a server of its own while run owns the store")
	}
	if _, err := Add(ctx, c, "b", "csb/baseline", Setting{}); err != nil {
		t.Fatal(err)
	}
	st, err := owner.Load(ctx)
	if err != nil || len(st.Players) != 2 {
		t.Fatalf("run reads %d players (%v), want 2", len(st.Players), err)
	}
	c.Close()
	owner.Close()
	if _, err := os.Stat(filepath.Join(dir, urlFile)); !os.IsNotExist(err) {
		t.Errorf("url left after run: %v", err)
	}
	again := openLeague(t, dir, Use)
	if st, err = again.Load(ctx); err != nil || len(st.Players) != 2 {
		t.Errorf("reopened: %d players (%v), want 2", len(st.Players), err)
	}
	if _, err := Open(ctx, filepath.Join(dir, "none"), Use); err == nil || !strings.Contains(err.Error(), "no league in") {
		t.Errorf("a folder without a league: %v", err)
	}
}

// TestStoreDedup stores a record twice: JetStream keeps one (the raw
// records hold one), the fold counts one; and a second record of a key
// under another message id (one JetStream does not know for the same)
// is stored and still counts once.
func TestStoreDedup(t *testing.T) {
	ctx := context.Background()
	s := openLeague(t, t.TempDir(), Create)
	for _, name := range []string{"a", "b"} {
		if _, err := Add(ctx, s, name, "csb/baseline", Setting{}); err != nil {
			t.Fatal(err)
		}
	}
	r := Record{Key: "0/0", Players: [2]string{"a", "b"}, Game: match.Game{Seed: 1, Ranks: [2]int{0, 1}}}
	for i := 0; i < 2; i++ {
		if err := s.StoreRecord(ctx, &r); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := s.Records(ctx)
	if err != nil || len(raw) != 1 {
		t.Fatalf("raw records: %d (%v), want 1", len(raw), err)
	}
	if _, err := s.publish(ctx, gamesSubject, r, jetstream.WithMsgID("other")); err != nil {
		t.Fatal(err)
	}
	if raw, _ = s.Records(ctx); len(raw) != 2 {
		t.Fatalf("raw records: %d, want 2", len(raw))
	}
	st, err := s.Load(ctx)
	if err != nil || len(st.Games) != 1 || st.Stored != 1 {
		t.Errorf("counted %d games, stored %d (%v), want 1 and 1", len(st.Games), st.Stored, err)
	}
}
