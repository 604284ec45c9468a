package league

import (
	"encoding/json"
	"fmt"
	"strings"
)

// The subjects of the league's stream: its log of events, folded in the
// order stored into a State.
const (
	settingSubject = "league.setting" // a Setting
	playersSubject = "league.players" // a playerEvent
	plansSubject   = "league.plans"   // a Plan, its Nats-Msg-Id "plan/PAIR"
	gamesSubject   = "league.games"   // a Record, its Nats-Msg-Id its Key
)

// Setting is the league's game, rule set, anchor and id. The first one
// stored fixes the game and the rules, the first with an id the id; a
// later one changes the anchor only.
type Setting struct {
	Game   string `json:"game"`
	Rules  string `json:"rules"`
	Anchor string `json:"anchor"`
	ID     string `json:"id,omitempty"`
}

// What a playerEvent does.
const (
	opAdd    = "add"    // Player is a new bot's first version
	opUpdate = "update" // Player is the next version of its Name; the earlier ones stop
	opStop   = "stop"   // the version Player.ID stops
	opRemove = "remove" // every version of Player.Name is removed
)

// playerEvent is a message of playersSubject.
type playerEvent struct {
	Op     string `json:"op"`
	Player Player `json:"player"`
}

// fold is a State being folded from the log, with the indexes that check
// each event against what came before.
type fold struct {
	s   State
	seq uint64 // the stream sequence of the last message folded
	// last holds the sequence of the last message folded of each
	// subject: the commands store theirs expecting it still is.
	last map[string]uint64
	// ids indexes s.Players by ID.
	ids map[string]int
	// keys holds the keys of the games stored, pairGames counts them by
	// pair, plans holds the pairs planned.
	keys      map[string]bool
	pairGames map[int]int
	plans     map[int]bool
}

func newFold() *fold {
	return &fold{last: map[string]uint64{}, ids: map[string]int{}, keys: map[string]bool{}, pairGames: map[int]int{}, plans: map[int]bool{}}
}

// apply folds one message of the log. An event the state makes
// meaningless (a second record of a key, a second plan of a pair, an
// add of a name taken) changes nothing: the commands refuse them before
// they are stored, and a duplicate stored anyway counts once. The error
// reports a message that is not an event.
func (f *fold) apply(subject string, data []byte) error {
	var err error
	f.last[subject] = f.seq
	switch subject {
	case settingSubject:
		var st Setting
		if err = json.Unmarshal(data, &st); err == nil {
			f.setting(st)
		}
	case playersSubject:
		var ev playerEvent
		if err = json.Unmarshal(data, &ev); err == nil && f.check(ev) == nil {
			f.player(ev)
		}
	case plansSubject:
		var p Plan
		if err = json.Unmarshal(data, &p); err == nil {
			f.plan(p)
		}
	case gamesSubject:
		var r Record
		if err = json.Unmarshal(data, &r); err == nil {
			f.record(r)
		}
	default:
		err = fmt.Errorf("unknown subject")
	}
	if err != nil {
		return fmt.Errorf("league store: message %d (%s): %w", f.seq, subject, err)
	}
	return nil
}

// setting folds a Setting: the first fixes the game and rules, the
// first with an id the id.
func (f *fold) setting(st Setting) {
	if f.s.Game == "" {
		f.s.Game, f.s.Rules = st.Game, st.Rules
	}
	if st.Anchor != "" {
		f.s.Anchor = st.Anchor
	}
	if f.s.ID == "" {
		f.s.ID = st.ID
	}
}

// latest returns the index in s.Players of name's latest version, or -1.
func (f *fold) latest(name string) int {
	at := -1
	for i, p := range f.s.Players {
		if p.Name == name && (at < 0 || p.Version > f.s.Players[at].Version) {
			at = i
		}
	}
	return at
}

// foldOf returns a fold of st's players, to check an event against.
func foldOf(st *State) *fold {
	f := newFold()
	f.s.Players = st.Players
	for i, p := range st.Players {
		f.ids[p.ID] = i
	}
	return f
}

// event returns the event op makes of p, completed from the players
// folded (the version an update makes, the version a stop of a name
// stops, the player stopped or removed), checked.
func (f *fold) event(op string, p Player) (playerEvent, error) {
	at := f.latest(p.Name)
	i, known := f.ids[p.ID]
	switch {
	case op == opUpdate && at >= 0:
		p.Version = f.s.Players[at].Version + 1
		p.ID = playerID(p.Name, p.Version)
	case op == opStop && p.ID == p.Name && at >= 0:
		p = f.s.Players[at]
	case op == opStop && known:
		p = f.s.Players[i]
	case op == opRemove && at >= 0:
		p = f.s.Players[at]
	}
	ev := playerEvent{Op: op, Player: p}
	return ev, f.check(ev)
}

// check reports whether ev makes sense after the events folded so far:
// an add of a new name, an update of a bot not removed to its next
// version, a stop of a version neither stopped nor removed, a remove of
// a bot not removed.
func (f *fold) check(ev playerEvent) error {
	p := ev.Player
	at := f.latest(p.Name)
	if at < 0 && ev.Op != opStop {
		if ev.Op == opAdd {
			return nil
		}
		return fmt.Errorf("%s: no bot of that name in the league", p.Name)
	}
	if ev.Op == opStop {
		i, ok := f.ids[p.ID]
		switch {
		case !ok:
			return fmt.Errorf("%s: no bot of that name in the league", p.ID)
		case f.s.Players[i].Removed:
			return fmt.Errorf("%s was removed", p.ID)
		case f.s.Players[i].Stopped:
			return fmt.Errorf("%s is stopped already", p.ID)
		}
		return nil
	}
	last := f.s.Players[at]
	switch {
	case ev.Op == opAdd:
		return fmt.Errorf("%s is in the league already (referee league update %s COMMAND adds a new version)", p.Name, p.Name)
	case last.Removed:
		return fmt.Errorf("%s was removed", p.Name)
	case ev.Op == opUpdate && p.Version != last.Version+1:
		return fmt.Errorf("%s: version %d follows %d", p.Name, p.Version, last.Version)
	case ev.Op != opUpdate && ev.Op != opRemove:
		return fmt.Errorf("%s: unknown event %q", p.Name, ev.Op)
	}
	return nil
}

// player folds a checked player event.
func (f *fold) player(ev playerEvent) {
	switch ev.Op {
	case opAdd, opUpdate:
		for i := range f.s.Players {
			if f.s.Players[i].Name == ev.Player.Name {
				f.s.Players[i].Stopped = true
			}
		}
		f.ids[ev.Player.ID] = len(f.s.Players)
		f.s.Players = append(f.s.Players, ev.Player)
	case opStop:
		f.s.Players[f.ids[ev.Player.ID]].Stopped = true
	case opRemove:
		for i := range f.s.Players {
			if f.s.Players[i].Name == ev.Player.Name {
				f.s.Players[i].Stopped, f.s.Players[i].Removed = true, true
			}
		}
		counted := f.s.Games[:0]
		for _, r := range f.s.Games {
			if f.counts(r) {
				counted = append(counted, r)
			}
		}
		f.s.Games = counted
	}
}

// counts reports whether r's players are both in the league, not
// removed.
func (f *fold) counts(r Record) bool {
	for _, id := range r.Players {
		i, ok := f.ids[id]
		if !ok || f.s.Players[i].Removed {
			return false
		}
	}
	return true
}

// plan folds a Plan: the first of each pair.
func (f *fold) plan(p Plan) {
	if !f.plans[p.Pair] {
		f.plans[p.Pair] = true
		f.s.Planned = append(f.s.Planned, p)
	}
}

// record folds a finished game: once per key, counted while its
// players are in the league.
func (f *fold) record(r Record) {
	if f.keys[r.Key] {
		return
	}
	f.keys[r.Key] = true
	f.s.Stored++
	f.pairGames[r.Pair]++
	if f.counts(r) {
		f.s.Games = append(f.s.Games, r)
	}
}

// state returns a copy of the state folded so far.
func (f *fold) state() *State {
	s := f.s
	s.Players = append([]Player(nil), f.s.Players...)
	s.Games = append([]Record(nil), f.s.Games...)
	s.Planned = append([]Plan(nil), f.s.Planned...)
	return &s
}

// playerID returns the ID of version v of name: name itself for the
// first, NAME#V after.
func playerID(name string, v int) string {
	if v <= 1 {
		return name
	}
	return fmt.Sprintf("%s#%d", name, v)
}

// nameOf returns the bot's name an ID or name stands for: the part
// before '#'.
func nameOf(id string) string {
	name, _, _ := strings.Cut(id, "#")
	return name
}
