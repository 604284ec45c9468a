package engine

import (
	"errors"
	"fmt"
	"strings"
)

// Variant selects between the two versions of AbstractReferee that the
// official referees of these games were built on.
type Variant struct {
	// TooltipsOnKeyFrames: tooltips are sent only with a key frame (the
	// 2017 AbstractReferee of Fantastic Bits); the 2016 one of Coders Strike
	// Back sends them with whichever frame comes next.
	TooltipsOnKeyFrames bool
	// InputsAtPrepare: right after Prepare the host takes every active
	// player's Input as a snapshot and sends that (Fantastic Bits); otherwise
	// Input is asked for when the player's turn comes (Coders Strike Back,
	// whose referee takes its own snapshot in Prepare).
	InputsAtPrepare bool
	// RefereeInputNewline: a replay's refereeInput ends each configuration
	// line with "\n", the last one too (the live CodinGame platform);
	// otherwise the lines are joined by "\n" (the published runners).
	RefereeInputNewline bool
}

// Tooltip is one [[TOOLTIP]] entry.
type Tooltip struct {
	Message string
	Player  int
}

// Frame is one [[GET_GAME_INFO]] answer: the blocks that become one frame of
// a replay, then either the next player's request or the end of the game.
type Frame struct {
	// View is the [[VIEW]] block; its first line is "KEY_FRAME n[ code]" or
	// "INTERMEDIATE_FRAME n[ code]".
	View       []string
	Infos      []string // [[INFOS]]
	Summary    []string // [[SUMMARY]], when HasSummary
	HasSummary bool
	Tooltips   []Tooltip // [[TOOLTIP]] entries, in the order they arose
	KeyFrame   bool

	// The request, when End is nil: Player must answer ExpectedLines lines
	// to Input within TimeLimitMillis.
	Player          int
	Input           []string
	ExpectedLines   int
	TimeLimitMillis int

	// Invalid is set on the frame whose Infos report that a player was
	// eliminated for an invalid output (Java's InvalidInputException): the
	// frame after that player's SetOutput. Its Infos line is
	// Invalid.Message in red.
	Invalid *Invalid

	// End is set on the last frame.
	End *End
}

// Invalid is a player's elimination for an invalid output, as a Game
// reports it with InvalidInputError.
type Invalid struct {
	Player          int    // the player eliminated
	Expected, Found string // the exception's arguments
	// Message is the text the frame's Infos print, without its colour
	// marks: "invalid input. Expected '<expected>' but found '<found>'"
	// unless the game's Messages say otherwise.
	Message string
}

// End is what the referee prints after the last frame.
type End struct {
	Configuration Properties // [[UINPUT]]
	// RefereeInput is Configuration as a replay's refereeInput writes it
	// (see Variant.RefereeInputNewline).
	RefereeInput string
	Scores       []int  // [[SCORES]], by player
	Reason       string // the game-over reason code ("" for none)
}

type playerStatus struct {
	id         int
	score      int
	lost, win  bool
	info       string // "" is Java's null
	reasonCode string
	nextInput  []string
	invalid    *Invalid // why the player lost, when for an invalid output
}

// Host runs a Game through the protocol of the Java AbstractReferee. Its
// methods mirror the referee's commands; the field names are the Java ones.
type Host struct {
	g        Game
	v        Variant
	messages map[string]string

	tooltips                  []Tooltip
	playerCount, alive        int
	currentPlayer, nextPlayer int
	lastPlayer, status        *playerStatus
	frame, round              int
	players                   []playerStatus
	newRound                  bool
	reasonCode, reason        string
	pendingOver               *Exception // a game over raised while handling output
	over                      bool
	configuration             Properties
}

var defaultMessages = map[string]string{
	"InvalidInput":          "invalid input. Expected '%s' but found '%s'",
	"playerTimeoutMulti":    "Timeout: the program did not provide %d input lines in due time... $%d will no longer be active in this game.",
	"playerTimeoutSolo":     "Timeout: the program did not provide %d input lines in due time...",
	"maxRoundsCountReached": "Max rounds reached",
	"notEnoughPlayers":      "Not enough players (expected > %d, found %d)",
	"InvalidActionTooltip":  "$%d: invalid action",
	"TimeoutTooltip":        "$%d: timeout!",
	"WinTooltip":            "$%d: victory!",
	"LostTooltip":           "$%d lost: %s",
}

// NewHost starts a game: the [[INIT]] command with playerCount players and
// the init lines (java.util.Properties lines such as "seed=42").
func NewHost(g Game, v Variant, playerCount int, initLines []string) (*Host, error) {
	h := &Host{g: g, v: v, messages: map[string]string{}}
	for k, m := range defaultMessages {
		h.messages[k] = m
	}
	for k, m := range g.Messages() {
		h.messages[k] = m
	}
	h.playerCount, h.alive = playerCount, playerCount
	h.players = make([]playerStatus, playerCount)
	for i := range h.players {
		h.players[i].id = i
	}
	h.status = &h.players[0]
	h.currentPlayer, h.nextPlayer = playerCount-1, playerCount-1
	h.round = -1
	h.newRound = true
	if err := g.Init(playerCount, ParseProperties(initLines)); err != nil {
		return nil, fmt.Errorf("init error: %w", err)
	}
	h.configuration = g.Configuration()
	if playerCount < g.MinPlayers() {
		return nil, fmt.Errorf("%d players: want %d at least", playerCount, g.MinPlayers())
	}
	return h, nil
}

// Over reports whether the game has ended (the last frame was returned).
func (h *Host) Over() bool { return h.over }

// Round returns the current round (0 during the first turn).
func (h *Host) Round() int { return h.round }

// FrameNumber returns the number of player actions so far.
func (h *Host) FrameNumber() int { return h.frame }

// NextPlayer returns the player the last frame asked to play.
func (h *Host) NextPlayer() int { return h.nextPlayer }

func (h *Host) translate(code string, args ...any) string {
	return fmt.Sprintf(h.messages[code], args...)
}

func colored(lost bool, s string) string {
	if lost {
		return "¤RED¤" + s + "§RED§"
	}
	return "¤GREEN¤" + s + "§GREEN§"
}

// argText returns the text of an exception's argument i, "" when there is
// none.
func argText(args []any, i int) string {
	if i >= len(args) {
		return ""
	}
	return fmt.Sprint(args[i])
}

func asException(err error) *Exception {
	var e *Exception
	if errors.As(err, &e) {
		return e
	}
	// A game's bug: treat it as a game over with the error's text, so the
	// match ends instead of the referee crashing.
	return &Exception{Kind: GameOver, Code: "RefereeError", Args: []any{err.Error()}}
}

// GameInfo answers [[GET_GAME_INFO]]: it moves to the next player (playing
// a round when every player has answered) and returns the frame. Once the
// game is over it returns a frame with End set, and must not be called again.
func (h *Host) GameInfo() Frame {
	if h.over {
		panic("engine: GameInfo after the end of the game")
	}
	if e := h.pendingOver; e != nil {
		h.pendingOver = nil
		return h.gameOver(e)
	}
	h.lastPlayer = h.status
	ps, err := h.advance()
	if err == nil {
		h.status = ps
		if h.round >= h.g.MaxRounds(h.playerCount) {
			err = GameOverError("maxRoundsCountReached")
		}
	}
	if err != nil {
		return h.gameOver(asException(err))
	}
	var f Frame
	h.dumpView(&f)
	h.dumpInfos(&f)
	if h.newRound {
		h.g.Prepare(h.round)
		if h.v.InputsAtPrepare {
			for i := range h.players {
				p := &h.players[i]
				p.nextInput = nil
				if !p.lost {
					p.nextInput = h.g.Input(h.round, i)
				}
			}
		}
	}
	f.Player = h.nextPlayer
	if h.round == 0 {
		f.Input = append(f.Input, h.g.InitInput(h.nextPlayer)...)
	}
	if h.v.InputsAtPrepare {
		f.Input = append(f.Input, h.players[h.nextPlayer].nextInput...)
	} else {
		f.Input = append(f.Input, h.g.Input(h.round, h.nextPlayer)...)
	}
	f.ExpectedLines = h.g.ExpectedLines(h.nextPlayer)
	f.TimeLimitMillis = h.g.TurnMillis()
	if h.round == 0 {
		f.TimeLimitMillis = h.g.FirstTurnMillis()
	}
	return f
}

// SetOutput answers [[SET_PLAYER_OUTPUT]]: the lines the asked player printed.
func (h *Host) SetOutput(lines []string) {
	h.frame++
	err := h.g.HandleOutput(h.frame, h.round, h.nextPlayer, lines)
	if err == nil {
		return
	}
	e := asException(err)
	switch e.Kind {
	case Lost, InvalidInput:
		h.status.score = h.g.Score(h.nextPlayer)
		h.status.lost = true
		h.status.info = h.translate(e.Code, e.Args...)
		h.status.reasonCode = e.Code
		if e.Kind == InvalidInput {
			h.status.invalid = &Invalid{Player: h.nextPlayer, Expected: argText(e.Args, 0), Found: argText(e.Args, 1), Message: h.status.info}
			h.addTooltip(h.nextPlayer, h.translate("InvalidActionTooltip", h.nextPlayer))
		} else {
			h.addTooltip(h.nextPlayer, h.translate("LostTooltip", h.nextPlayer, h.translate(e.Code, e.Args...)))
		}
		h.alive--
	case Win:
		h.status.score = h.g.Score(h.nextPlayer)
		h.status.win = true
		h.status.info = h.translate(e.Code, e.Args...)
		h.status.reasonCode = e.Code
		h.addTooltip(h.nextPlayer, h.translate("WinTooltip", h.nextPlayer))
		h.alive--
		if h.alive < h.g.MinPlayers() {
			h.lastPlayer = h.status
			h.pendingOver = GameOverError("")
		}
	default:
		h.pendingOver = e
	}
}

// SetTimeout answers [[SET_PLAYER_TIMEOUT]]: the asked player did not answer
// in time.
func (h *Host) SetTimeout() {
	h.frame++
	count := h.g.ExpectedLines(h.nextPlayer)
	h.g.SetPlayerTimeout(h.frame, h.round, h.nextPlayer)
	h.status.lost = true
	if h.playerCount <= 1 {
		h.status.info = h.translate("playerTimeoutSolo", count)
	} else {
		h.status.info = h.translate("playerTimeoutMulti", count, h.nextPlayer)
	}
	h.addTooltip(h.nextPlayer, h.translate("TimeoutTooltip", h.nextPlayer))
	h.alive--
}

// advance is the Java nextPlayer(): the next active player, playing a round
// whenever the turn wraps around.
func (h *Host) advance() (*playerStatus, error) {
	h.currentPlayer = h.nextPlayer
	h.newRound = false
	for {
		h.nextPlayer++
		if h.nextPlayer >= h.playerCount {
			if err := h.nextRound(); err != nil {
				return nil, err
			}
			h.nextPlayer = 0
		}
		if p := &h.players[h.nextPlayer]; !p.lost && !p.win {
			return p, nil
		}
	}
}

func (h *Host) nextRound() error {
	h.newRound = true
	h.round++
	if h.round > 0 {
		if err := h.g.UpdateGame(h.round); err != nil {
			return err
		}
		h.updateScores()
	}
	if h.alive < h.g.MinPlayers() {
		return GameOverError("")
	}
	return nil
}

func (h *Host) updateScores() {
	for i := range h.players {
		p := &h.players[i]
		if !p.lost && h.g.IsPlayerDead(i) {
			h.alive--
			p.lost = true
			p.info = h.g.DeathReason(i)
			h.addTooltip(i, p.info)
		}
		p.score = h.g.Score(i)
	}
}

func (h *Host) addTooltip(player int, msg string) {
	if h.g.ShowTooltips() {
		h.tooltips = append(h.tooltips, Tooltip{msg, player})
	}
}

// gameOver is the catch (GameOverException) block of AbstractReferee.start.
func (h *Host) gameOver(e *Exception) Frame {
	h.newRound = true
	h.reasonCode = e.Code
	h.reason = ""
	if e.Code != "" {
		h.reason = h.translate(e.Code, e.Args...)
	}
	var f Frame
	h.dumpView(&f)
	h.dumpInfos(&f)
	h.g.Prepare(h.round)
	h.updateScores()
	h.over = true
	end := &End{Configuration: h.configuration, Reason: e.Code}
	end.RefereeInput = strings.Join(h.configuration.Lines(), "\n")
	if h.v.RefereeInputNewline {
		end.RefereeInput += "\n"
	}
	for i := range h.players {
		end.Scores = append(end.Scores, h.players[i].score)
	}
	f.End = end
	f.Player = -1
	return f
}

func (h *Host) dumpView(f *Frame) {
	code := h.reasonCode
	if code == "" && h.status != nil {
		code = h.status.reasonCode
	}
	head := "INTERMEDIATE_FRAME"
	if h.newRound {
		head = "KEY_FRAME"
	}
	head = fmt.Sprintf("%s %d", head, h.frame)
	if code != "" {
		head += " " + code
	}
	view := []string{head}
	if h.newRound {
		if h.frame == 0 {
			view = append(view, h.g.Name())
			view = append(view, h.g.InitView()...)
		}
		view = append(view, h.g.FrameView(h.round, h.frame, true)...)
	}
	f.View = trimBlock(view)
	f.KeyFrame = h.newRound
}

func (h *Host) dumpInfos(f *Frame) {
	var infos []string
	if lp := h.lastPlayer; lp != nil {
		if lp.info != "" {
			infos = append(infos, colored(lp.lost, lp.info))
			f.Invalid = lp.invalid
		} else if h.frame > 0 {
			r := h.round
			if h.newRound {
				r--
			}
			infos = append(infos, h.g.PlayerActions(h.currentPlayer, r)...)
		}
	}
	f.Infos = trimBlock(infos)
	if h.newRound && h.round >= -1 && h.playerCount > 1 {
		var s []string
		if h.frame == 0 {
			if head, ok := h.g.HeadlineAtStart(); ok {
				s = append(s, head)
			}
		}
		if h.round >= 0 {
			s = append(s, h.g.Summary(h.round)...)
		}
		if h.reason != "" {
			s = append(s, colored(true, h.reason))
		}
		f.Summary, f.HasSummary = trimBlock(s), true
	}
	if src, ok := h.g.(TooltipSource); ok {
		for _, t := range src.TakeTooltips() {
			h.addTooltip(t.Player, t.Message)
		}
	}
	if len(h.tooltips) > 0 && (h.newRound || !h.v.TooltipsOnKeyFrames) {
		f.Tooltips = h.tooltips
		h.tooltips = nil
	}
}

// trimBlock applies what Java's OutputData.toString().trim() does to the end
// of a block: white space and control characters at its very end go, which
// can shorten the last line or drop trailing empty lines.
func trimBlock(lines []string) []string {
	for len(lines) > 0 {
		last := strings.TrimRightFunc(lines[len(lines)-1], func(r rune) bool { return r <= ' ' })
		if last != "" {
			lines[len(lines)-1] = last
			return lines
		}
		lines = lines[:len(lines)-1]
	}
	return lines
}
