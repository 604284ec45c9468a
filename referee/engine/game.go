package engine

import (
	"fmt"
	"strings"
)

// Game is one official referee: the hooks that the Java AbstractReferee and
// MultiReferee call, with the Java method each stands for. Lines are returned
// without their trailing newline; a nil slice is an empty block.
type Game interface {
	// Name is getGameName, the second line of frame 0's view.
	Name() string
	// Init is initReferee: it sets the game up from the init properties. An
	// error is an InvalidFormatException (the game cannot start).
	Init(playerCount int, props Properties) error
	// Configuration is getConfiguration: the properties that replay the game,
	// in the order the official engine prints them.
	Configuration() Properties
	// Messages is populateMessages: the texts of the game's reason codes,
	// as Java format strings (%d, %s).
	Messages() map[string]string

	InitView() []string                                 // getInitDataForView
	FrameView(round, frame int, keyFrame bool) []string // getFrameDataForView
	ExpectedLines(player int) int                       // getExpectedOutputLineCountForPlayer
	// HandleOutput is handlePlayerOutput: it applies one player's output. A
	// returned error is an *Exception of kind Lost, Win or InvalidInput; any
	// other error is a bug of the game.
	HandleOutput(frame, round, player int, lines []string) error
	InitInput(player int) []string    // getInitInputForPlayer
	Input(round, player int) []string // getInputForPlayer
	// HeadlineAtStart is getHeadlineAtGameStartForConsole; ok false is null.
	HeadlineAtStart() (line string, ok bool)
	MinPlayers() int    // getMinimumPlayerCount
	ShowTooltips() bool // showTooltips
	// UpdateGame is updateGame: it simulates one round. A returned error is
	// an *Exception of kind GameOver.
	UpdateGame(round int) error
	Prepare(round int)                        // prepare
	IsPlayerDead(player int) bool             // isPlayerDead
	DeathReason(player int) string            // getDeathReason
	Score(player int) int                     // getScore
	Summary(round int) []string               // getGameSummary
	PlayerActions(player, round int) []string // getPlayerActions
	SetPlayerTimeout(frame, round, player int)
	MaxRounds(playerCount int) int // getMaxRoundCount
	FirstTurnMillis() int          // getMillisTimeForFirstRound
	TurnMillis() int               // getMillisTimeForRound
}

// Kind is the class of a referee exception.
type Kind int

// The referee exceptions a Game may return.
const (
	Lost Kind = iota + 1
	Win
	InvalidInput
	GameOver
)

// Exception is a Java GameException: a reason code and the values its
// message is formatted with. Code "" is Java's null code (a game over with
// no reason).
type Exception struct {
	Kind Kind
	Code string
	Args []any
}

func (e *Exception) Error() string {
	return fmt.Sprintf("referee exception %d %s %v", e.Kind, e.Code, e.Args)
}

// InvalidInputError is Java's InvalidInputException(expected, found): the
// message reads "invalid input. Expected '<expected>' but found '<found>'".
func InvalidInputError(expected, found string) *Exception {
	return &Exception{Kind: InvalidInput, Code: "InvalidInput", Args: []any{expected, found}}
}

// GameOverError is Java's GameOverException(code, args...).
func GameOverError(code string, args ...any) *Exception {
	return &Exception{Kind: GameOver, Code: code, Args: args}
}

// Property is one key=value of a referee's configuration.
type Property struct{ Key, Value string }

// Properties is a referee configuration in order. Later keys override
// earlier ones in Get, as when java.util.Properties loads several lines.
type Properties []Property

// Get returns the value of key and whether it is set.
func (p Properties) Get(key string) (string, bool) {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i].Key == key {
			return p[i].Value, true
		}
	}
	return "", false
}

// Lines returns the properties as key=value lines, as the [[UINPUT]] block
// prints them.
func (p Properties) Lines() []string {
	out := make([]string, len(p))
	for i, kv := range p {
		out[i] = kv.Key + "=" + kv.Value
	}
	return out
}

// ParseProperties reads init lines as java.util.Properties.load reads them:
// blank lines and lines starting with # or ! are comments; the key ends at
// the first unescaped '=', ':' or white space; white space around the
// separator is skipped. Backslash escapes and continuation lines, which no
// CodinGame init line uses, are taken literally.
func ParseProperties(lines []string) Properties {
	var p Properties
	for _, line := range lines {
		s := strings.TrimLeft(line, " \t\f")
		if s == "" || s[0] == '#' || s[0] == '!' {
			continue
		}
		end := strings.IndexAny(s, "=: \t\f")
		if end < 0 {
			p = append(p, Property{s, ""})
			continue
		}
		key, rest := s[:end], s[end:]
		rest = strings.TrimLeft(rest, " \t\f")
		if rest != "" && (rest[0] == '=' || rest[0] == ':') {
			rest = strings.TrimLeft(rest[1:], " \t\f")
		}
		p = append(p, Property{key, rest})
	}
	return p
}
