package referee

import (
	"impulse/referee/csbref"
	"impulse/referee/engine"
	"impulse/referee/fbref"
	"impulse/sim"
)

// Game is what the diff and the match runner know of a game: its names,
// its referee, and the parser of the view that referee writes.
type Game struct {
	Name  string // the game's name in frame 0's view
	Short string // the -game flag: csb or fb
	// New returns a fresh referee for the rule set.
	New func(rules sim.Rules) (engine.Game, engine.Variant, error)
	// ParseView parses a key frame's view lines after the header into a
	// value that go-cmp compares field by field (*csbref.View,
	// *fbref.View).
	ParseView func(lines []string) (any, error)
	// Commands rebuilds a player's output lines from the parsed key frame
	// that closes its round, for a replay frame without stdout; ok false
	// when the view shows no command (the player timed out) or the game
	// cannot tell. Nil: the game's view does not carry the commands.
	Commands func(view any, player int) (lines []string, ok bool)
	// EndReasons names the game's own game-over reasons (the engine's
	// End.Reason; "" is a player eliminated by the rules) where the game
	// has better words than the engine's.
	EndReasons map[string]string
}

// Games are the games the referee plays and replays.
var Games = []*Game{
	{
		Name:  csbref.Name,
		Short: "csb",
		New: func(rules sim.Rules) (engine.Game, engine.Variant, error) {
			return csbref.New(rules), csbref.Variant(rules), nil
		},
		ParseView:  func(lines []string) (any, error) { return csbref.ParseView(lines) },
		Commands:   func(view any, player int) ([]string, bool) { return view.(*csbref.View).Commands(player) },
		EndReasons: map[string]string{"endReached": "race finished", "": "checkpoint timeout"},
	},
	{
		Name:  fbref.Name,
		Short: "fb",
		New: func(rules sim.Rules) (engine.Game, engine.Variant, error) {
			return fbref.New(rules), fbref.Variant, nil
		},
		ParseView: func(lines []string) (any, error) { return fbref.ParseView(lines) },
	},
}

// GameByName returns the game of that full or short name, nil for none.
func GameByName(name string) *Game {
	for _, g := range Games {
		if g.Name == name || g.Short == name {
			return g
		}
	}
	return nil
}

// GameNames returns the short names of the games, in the order of Games.
func GameNames() []string {
	var out []string
	for _, g := range Games {
		out = append(out, g.Short)
	}
	return out
}
