// Package engine runs an official CodinGame referee's protocol: it is the Go
// twin of the Java AbstractReferee and MultiReferee classes that every
// CodinGame referee of 2016 extends, so a game written against Game produces
// the same frames, texts, player inputs and scores as the official engine.
//
// A Host is driven the way CodinGame's server drives a referee:
//
//	h, err := engine.NewHost(game, variant, 2, initLines) // [[INIT]]
//	for {
//		f := h.GameInfo() // [[GET_GAME_INFO]]: one frame of the replay
//		if f.End != nil {
//			break // [[UINPUT]] and [[SCORES]]
//		}
//		h.SetOutput(lines) // [[SET_PLAYER_OUTPUT]], or h.SetTimeout()
//	}
//
// A frame's texts are the official engine's, byte for byte; what a caller
// needs to act on is typed as well: Frame.Invalid names the player that an
// invalid output eliminated, with the expected and found texts.
//
// Replay diffing and local matches both drive a Host; the game packages
// (referee/csbref, referee/fbref) implement Game on top of the simulators.
package engine
