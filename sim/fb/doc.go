// Package fb simulates Fantastic Bits exactly as the official CodinGame
// referee does (../shared/docs/fb.md), for both rule sets: the referee
// CodinGame published and the live game.
//
// A State is a whole game between turns, a value of fixed arrays with no
// pointers: copy it with next := *s. A turn has three phases, in the
// engine's order:
//
//   - Prepare: spell countdowns, the spells cast last turn start acting,
//     this turn's thrusts are cleared (the engine's prepare).
//   - Apply, once per wizard in id order: one parsed command (a Command
//     from ParseOrder, or built by a search) checked and paid for, its
//     thrust set (the engine's handlePlayerOutput).
//   - Update: thrusts, releases, bludgers, spells, magic, the collision
//     loop, friction and rounding, goals and the end of the game (the
//     engine's updateGame).
//
// Play does the three for all four wizards at once. None of them
// allocates. NewFromSeed draws a game's snaffles as the engine does;
// TurnInput and ParseOrder are the two sides of the bot protocol.
package fb
