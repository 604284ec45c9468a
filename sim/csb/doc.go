// Package csb simulates Coders Strike Back exactly as the official
// CodinGame referee does (../shared/docs/csb.md), for both rule sets: the
// referee CodinGame published and the live game (Mad Pod Racing).
//
// A State is a whole race between turns, a value of fixed arrays with no
// pointers: copy it with next := *s. A turn has two phases, in the
// engine's order:
//
//   - Apply, once per pod: one command (from ParseOrder, or built by a
//     search) turns the pod at most 18 degrees and sets its thrust, SHIELD
//     or BOOST (the engine's handlePlayerOutput). Rotate is the same with
//     the cosine and sine given, for searches that tabulate them.
//   - Play: Move (the collision loop from the earliest time of impact,
//     friction and rounding, checkpoint passes along each pod's path),
//     then the end of the race and the checkpoint timeout (the engine's
//     updateGame). Ranks orders the pods as the view shows them.
//
// None of them allocates. NewFromSeed draws a race as the engine does
// (map, rotation, jitter, spawns). The protocol has the same two sides as
// sim/fb's: InitInput and TurnInput write what a bot reads, ReadInit and
// ReadTurn read it back into a State; ParseOrder reads a bot's line,
// Command.String writes one; TruncateMessage cuts a message as the view
// shows it.
//
// BUG(csb): two pods at the same position, which no game produces (the
// separation push keeps pods apart), collide again and again at the same
// time: the collision normal is the zero vector there, where the engine's
// is NaN. After 1000 collision steps in one turn Move finishes the turn
// with a straight move instead of looping for ever. The bot parts such
// pods when it reads them; referee simtest refuses them.
package csb
