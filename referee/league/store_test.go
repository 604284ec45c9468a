package league

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/nats-io/nats.go/jetstream"

	"impulse/referee/match"
	"impulse/sim"
)

// testPlayers takes "GAME/NAME [flags]" as a built-in bot of GAME (the
// flag -nope unknown to it), as builtin.Player does, and anything else as
// a command line.
func testPlayers(command, game string, rules sim.Rules) (match.Player, error) {
	words, err := match.SplitCommand(command)
	if err != nil || len(words) == 0 || !strings.Contains(words[0], "/") || strings.ContainsAny(words[0][:1], "./") {
		return playerOf(command, game, rules, nil)
	}
	if g, _, _ := strings.Cut(words[0], "/"); g != game {
		return match.Player{}, fmt.Errorf("%s is a built-in bot of %s", words[0], g)
	}
	for _, w := range words[1:] {
		if w == "-nope" {
			return match.Player{}, fmt.Errorf("%s: flag provided but not defined: -nope", words[0])
		}
	}
	return match.Player{Name: command, Argv: append([]string{"/bin/true", "bot"}, words...)}, nil
}

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
	if _, err := Add(ctx, s, "a", "csb/ga -iterations 30", Setting{}, testPlayers); err != nil {
		t.Fatal(err)
	}
	if _, err := Add(ctx, s, "b", "csb/baseline", Setting{}, testPlayers); err != nil {
		t.Fatal(err)
	}
	if err := Remove(ctx, s, "b"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name             string
		op, bot, command string
		set              Setting
		want             string
	}{
		{"a name added twice", "add", "a", "csb/baseline", Setting{}, "add a: a is in the league already"},
		{"a bad name", "add", "a b", "csb/baseline", Setting{}, `bot name "a b"`},
		{"an unknown flag", "add", "c", "csb/ga -nope 1", Setting{}, `add c "csb/ga -nope 1": csb/ga: flag provided but not defined: -nope`},
		{"no such program", "add", "c", "./no-such-bot", Setting{}, `add c "./no-such-bot": ./no-such-bot: no such program`},
		{"a bot of the other game", "add", "c", "fb/ga", Setting{}, `add c "fb/ga": fb/ga is a built-in bot of fb`},
		{"a league of the other game", "add", "c", "fb/ga", Setting{Game: "fb"}, "add c: the league plays csb, not fb"},
		{"other rules", "add", "c", "csb/ga", Setting{Rules: "published"}, "add c: the league plays the live rules, not published"},
		{"an unknown anchor", "add", "c", "csb/ga", Setting{Anchor: "z"}, `add c: anchor "z": no such bot`},
		{"a command that does not split", "add", "c", "./bot 'x", Setting{}, `add c "./bot 'x": `},
		{"an empty command", "add", "c", " ", Setting{}, `add c " ": empty command`},
		{"update of an unknown bot", "update", "z", "csb/ga", Setting{}, "update z: z: no bot of that name"},
		{"update of a removed bot", "update", "b", "csb/ga", Setting{}, "update b: b was removed"},
		{"stop of a removed bot", "stop", "b", "", Setting{}, "stop b: b was removed"},
		{"remove of a removed bot", "remove", "b", "", Setting{}, "remove b: b was removed"},
		{"remove of a version", "remove", "a#2", "", Setting{}, "remove a#2: give the bot's name, a"},
		{"stop of an unknown version", "stop", "a#2", "", Setting{}, "stop a: a#2: no bot"},
	}
	do := func(op, bot, command string, set Setting) (err error) {
		switch op {
		case "add":
			_, err = Add(ctx, s, bot, command, set, testPlayers)
		case "update":
			_, err = Update(ctx, s, bot, command, set, testPlayers)
		case "stop":
			_, err = Stop(ctx, s, bot)
		case "remove":
			err = Remove(ctx, s, bot)
		}
		return err
	}
	before, err := s.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		if err := do(tc.op, tc.bot, tc.command, tc.set); err == nil || !strings.Contains(err.Error(), tc.want) {
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

// TestCommands: add, update, stop and remove as the state shows them; a
// relative path to a program is stored absolute; the first add sets the
// league, an update with -anchor moves the anchor, and so does the
// removal of the anchor.
func TestCommands(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	prog := filepath.Join(dir, "bot.sh")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	s := openLeague(t, filepath.Join(dir, "league"), Create)
	if _, err := Add(ctx, s, "sh", "./bot.sh 'an arg'", Setting{Rules: "published", Anchor: "sh"}, testPlayers); err != nil {
		t.Fatal(err)
	}
	if _, err := Add(ctx, s, "ga", "csb/ga", Setting{}, testPlayers); err != nil {
		t.Fatal(err)
	}
	p, err := Update(ctx, s, "ga", "csb/ga -iterations 10", Setting{Anchor: "ga"}, testPlayers)
	if err != nil || p.ID != "ga#2" || p.Version != 2 {
		t.Fatalf("update: %+v, %v; want ga#2", p, err)
	}
	if p, err = Stop(ctx, s, "ga"); err != nil || p.ID != "ga#2" {
		t.Fatalf("stop ga: %+v, %v; want ga#2 stopped", p, err)
	}
	if _, err := Add(ctx, s, "base", "csb/baseline", Setting{}, testPlayers); err != nil {
		t.Fatal(err)
	}
	if err := Remove(ctx, s, "ga"); err != nil {
		t.Fatal(err)
	}
	if st, err := s.Load(ctx); err != nil || st.Anchor != "sh" {
		t.Fatalf("the anchor ga#2 removed: anchor %q (%v), want sh, the first bot left", st.Anchor, err)
	}
	if err := Remove(ctx, s, "sh"); err != nil {
		t.Fatal(err)
	}
	st, err := s.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Game != "csb" || st.Rules != "published" || st.Anchor != "base" {
		t.Errorf("league %s %s anchor %s, want csb published base", st.Game, st.Rules, st.Anchor)
	}
	type row struct {
		ID, Command      string
		Stopped, Removed bool
	}
	var got []row
	for _, p := range st.Players {
		got = append(got, row{p.ID, p.Command, p.Stopped, p.Removed})
	}
	want := []row{{"sh", prog + " 'an arg'", true, true}, {"ga", "csb/ga", true, true}, {"ga#2", "csb/ga -iterations 10", true, true}, {"base", "csb/baseline", false, false}}
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
	if _, err := Add(ctx, s, "a", "csb/baseline", Setting{}, testPlayers); err != nil {
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
	if _, err := Add(ctx, c, "b", "csb/baseline", Setting{}, testPlayers); err != nil {
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
		if _, err := Add(ctx, s, name, "csb/baseline", Setting{}, testPlayers); err != nil {
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
