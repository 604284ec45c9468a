package sim

import (
	"errors"
	"strconv"
)

// Rules selects a game's rule set; both games have the same two. A Rules
// is a flag.Value and an encoding.TextUnmarshaler, so it travels typed
// from a command-line flag or a JSON file to the simulator.
type Rules uint8

const (
	// Live is the game on CodinGame today. It is the zero value.
	Live Rules = iota
	// Published is the referee CodinGame published, which played the
	// replays in replays/csb and replays/fb.
	Published
)

// String returns "live" or "published".
func (r Rules) String() string {
	if r == Published {
		return "published"
	}
	return "live"
}

// Set implements flag.Value: "live", or "published" (also
// "published-referee", the replays' engine key).
func (r *Rules) Set(s string) error {
	switch s {
	case "live":
		*r = Live
	case "published", "published-referee":
		*r = Published
	default:
		return errors.New("rules " + strconv.Quote(s) + ": want live or published")
	}
	return nil
}

// MarshalText implements encoding.TextMarshaler: the String form.
func (r Rules) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler, as Set.
func (r *Rules) UnmarshalText(b []byte) error { return r.Set(string(b)) }

// EngineKey returns the "engine" key of a replay played under r:
// "published-referee" or "live".
func (r Rules) EngineKey() string {
	if r == Published {
		return "published-referee"
	}
	return "live"
}

// RulesOfEngineKey returns the rules a replay's "engine" key names: absent
// ("") or "live" is a game of the live server, "published-referee" one of
// the published referee.
func RulesOfEngineKey(key string) (Rules, error) {
	var r Rules
	if key == "" {
		return Live, nil
	}
	if err := r.Set(key); err != nil {
		return Live, errors.New("engine " + strconv.Quote(key) + ": want published-referee or live")
	}
	return r, nil
}
