package league

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"impulse/referee"
	"impulse/referee/match"
	"impulse/sim"
)

// validName matches a bot's name: a letter or digit, then letters,
// digits and . _ - + /, at most 64 in all ('#' is for versions).
var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._+/-]{0,63}$`)

// PlayerFunc turns a bot's command into a player of a match of game
// under rules, or says why it cannot: in the referee, built-in bots with
// their flags and command lines, as match's players (builtin.Player).
// Nil takes command lines alone (match.SplitCommand).
type PlayerFunc func(command, game string, rules sim.Rules) (match.Player, error)

// FingerprintFunc returns a digest of how command plays game under rules,
// the same as long as it plays the same: in the referee, a built-in bot's
// moves in a short game at a fixed number of iterations
// (arena.Fingerprint), a command line's programs and files by their
// content. "" says it cannot tell.
type FingerprintFunc func(command, game string, rules sim.Rules) (string, error)

// Add adds the bot name, played by command (a player as players takes
// it), as its first version.
// The first add starts the league: set gives its game and rules (csb and
// live for ""), and its anchor (this bot for ""). A later add checks
// that set's game and rules, when given, are the league's, and makes
// set.Anchor, when given, the anchor.
func Add(ctx context.Context, s *Store, name, command string, set Setting, players PlayerFunc) (Player, error) {
	if !validName.MatchString(name) {
		return Player{}, fmt.Errorf("bot name %q: want a letter or digit, then letters, digits and . _ - + / (at most 64)", name)
	}
	p := Player{ID: name, Name: name, Version: 1}
	return p, s.change(ctx, opAdd, &p, command, set, players)
}

// Update adds the next version of the bot name, played by command; the
// earlier versions stop, their games kept apart. set is as for Add.
func Update(ctx context.Context, s *Store, name, command string, set Setting, players PlayerFunc) (Player, error) {
	p := Player{Name: name}
	return p, s.change(ctx, opUpdate, &p, command, set, players)
}

// Stop stops the bot name's latest version (or the version name#V):
// it plays no new games and stays in the table.
func Stop(ctx context.Context, s *Store, name string) (Player, error) {
	p := Player{Name: nameOf(name), ID: name}
	return p, s.change(ctx, opStop, &p, "", Setting{}, nil)
}

// Remove removes every version of the bot name: out of the table and of
// new games; their games stay in the store and count no more. When the
// anchor is one of them, the first bot added of the others becomes the
// anchor.
func Remove(ctx context.Context, s *Store, name string) error {
	if strings.Contains(name, "#") {
		return fmt.Errorf("remove %s: give the bot's name, %s: remove takes every version (stop takes one)", name, nameOf(name))
	}
	return s.change(ctx, opRemove, &Player{Name: name}, "", Setting{}, nil)
}

// change checks and stores one player event, and the setting it brings:
// it reads the league, completes p from it, and stores the event
// expecting no other player event stored meanwhile, reading again and
// checking again if one was (two commands typed at once).
func (s *Store) change(ctx context.Context, op string, p *Player, command string, set Setting, players PlayerFunc) error {
	for try := 0; ; try++ {
		st, last, err := s.loadLast(ctx)
		if err != nil {
			return err
		}
		ev, news, err := prepare(st, op, *p, command, set, players, s.Fingerprint)
		if err != nil {
			return err
		}
		if news != nil {
			if _, err := s.publish(ctx, settingSubject, news, jetstream.WithExpectLastSequencePerSubject(last[settingSubject])); err != nil {
				if try < 5 && isWrongSequence(err) {
					continue
				}
				return err
			}
		}
		_, err = s.publish(ctx, playersSubject, ev, jetstream.WithExpectLastSequencePerSubject(last[playersSubject]))
		if try < 5 && isWrongSequence(err) {
			continue
		}
		*p = ev.Player
		return err
	}
}

// loadLast is Load with the sequence of each subject's last message.
func (s *Store) loadLast(ctx context.Context) (*State, map[string]uint64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.catchUp(ctx); err != nil {
		return nil, nil, err
	}
	last := map[string]uint64{}
	for k, v := range s.f.last {
		last[k] = v
	}
	return s.f.state(), last, nil
}

// isWrongSequence reports whether err is JetStream's refusal of a
// message whose subject has had another message since the expected one.
func isWrongSequence(err error) bool {
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence
}

// prepare returns the event op makes of p in st, with the setting to
// store first (nil for none), or the error that names the bot and the
// command.
func prepare(st *State, op string, p Player, command string, set Setting, players PlayerFunc, fingerprint FingerprintFunc) (playerEvent, *Setting, error) {
	ev, err := foldOf(st).event(op, p)
	if err != nil {
		return ev, nil, fmt.Errorf("%s %s: %w", op, p.Name, err)
	}
	adding := op == opAdd || op == opUpdate
	news, err := newSetting(st, set, ev.Player.ID, adding)
	if err != nil {
		return ev, nil, fmt.Errorf("%s %s: %w", op, p.Name, err)
	}
	if op == opRemove && nameOf(st.Anchor) == p.Name {
		news = anchorAfter(st, p.Name)
	}
	if adding {
		game, rules := st.Game, st.Rules
		if news != nil {
			game, rules = news.Game, news.Rules
		}
		if ev.Player.Command, err = CheckCommand(command, game, rules, players); err != nil {
			return ev, nil, fmt.Errorf("%s %s %q: %w", op, p.Name, command, err)
		}
		if ev.Player.Fingerprint, err = fingerprintOf(ev.Player.Command, game, rules, fingerprint); err != nil {
			return ev, nil, fmt.Errorf("%s %s %q: %w", op, p.Name, command, err)
		}
		ev.Player.Added = time.Now().UTC()
	}
	return ev, news, nil
}

// newSetting returns the setting to store before bot id is added
// (adding): the first one, or a new anchor; nil for none. Its error
// says that set asks for a game or rules other than the league's, or
// names as the anchor no bot of the league.
func newSetting(st *State, set Setting, id string, adding bool) (*Setting, error) {
	if st.Game == "" {
		if !adding {
			return nil, errors.New("the league has no bots yet")
		}
		news := Setting{Game: or(set.Game, "csb"), Rules: or(set.Rules, sim.Live.String()), Anchor: or(set.Anchor, id), ID: newID()}
		if referee.GameByName(news.Game) == nil {
			return nil, fmt.Errorf("game %q: want one of %s", news.Game, strings.Join(referee.GameNames(), ", "))
		}
		var r sim.Rules
		if err := r.Set(news.Rules); err != nil {
			return nil, err
		}
		news.Rules = r.String()
		return &news, checkAnchor(st, news.Anchor, id)
	}
	if set.Game != "" && referee.GameByName(set.Game) != referee.GameByName(st.Game) {
		return nil, fmt.Errorf("the league plays %s, not %s (-game)", st.Game, set.Game)
	}
	if set.Rules != "" && set.Rules != st.Rules {
		return nil, fmt.Errorf("the league plays the %s rules, not %s (-rules)", st.Rules, set.Rules)
	}
	if set.Anchor == "" || set.Anchor == st.Anchor {
		return nil, nil
	}
	news := Setting{Game: st.Game, Rules: st.Rules, Anchor: set.Anchor}
	return &news, checkAnchor(st, set.Anchor, id)
}

// anchorAfter returns the setting that makes the first bot added, but
// name, the anchor when name is removed; nil when no bot is left.
func anchorAfter(st *State, name string) *Setting {
	for _, q := range st.Players {
		if !q.Removed && q.Name != name {
			return &Setting{Game: st.Game, Rules: st.Rules, Anchor: q.ID}
		}
	}
	return nil
}

// checkAnchor reports an error unless anchor is a version of the
// league's bots, or id, the one being added.
func checkAnchor(st *State, anchor, id string) error {
	if anchor == id {
		return nil
	}
	for _, p := range st.Players {
		if p.ID == anchor && !p.Removed {
			return nil
		}
	}
	return fmt.Errorf("anchor %q: no such bot in the league (a bot's name, or NAME#V for a version)", anchor)
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// CheckCommand checks that command plays game under rules, as players
// takes it, and that its program exists. It returns the command to
// store: a relative path to the program made absolute, so that run finds
// it from any folder.
func CheckCommand(command, game, rules string, players PlayerFunc) (string, error) {
	var r sim.Rules
	if err := r.Set(rules); err != nil {
		return "", err
	}
	p, err := playerOf(command, game, r, players)
	if err != nil {
		return "", err
	}
	words, _ := match.SplitCommand(command)
	if len(words) == 0 || len(p.Argv) == 0 {
		return "", errors.New("no command")
	}
	prog := p.Argv[0]
	if prog != words[0] {
		return command, nil // players made it: a built-in bot
	}
	if strings.ContainsRune(prog, '/') && !filepath.IsAbs(prog) {
		if prog, err = filepath.Abs(prog); err != nil {
			return "", err
		}
	}
	if _, err := exec.LookPath(prog); err != nil {
		return "", fmt.Errorf("%s: no such program (nor a built-in bot): %w", words[0], err)
	}
	if prog == words[0] {
		return command, nil
	}
	words[0] = prog
	return joinCommand(words), nil
}

// playerOf returns players' player of command, or with players nil,
// the command line.
func playerOf(command, game string, rules sim.Rules, players PlayerFunc) (match.Player, error) {
	if players != nil {
		return players(command, game, rules)
	}
	words, err := match.SplitCommand(command)
	if err == nil && len(words) == 0 {
		err = errors.New("empty command")
	}
	return match.Player{Name: command, Argv: words}, err
}

// joinCommand returns the command line that match.SplitCommand splits
// into words: each word that needs it in single quotes.
func joinCommand(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+=:,@") == "" {
			out[i] = w
			continue
		}
		out[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(out, " ")
}

// fingerprintOf returns fingerprint's digest of command, "" with
// fingerprint nil.
func fingerprintOf(command, game, rules string, fingerprint FingerprintFunc) (string, error) {
	if fingerprint == nil {
		return "", nil
	}
	var r sim.Rules
	if err := r.Set(rules); err != nil {
		return "", err
	}
	return fingerprint(command, game, r)
}
