// Package csb is the Coders Strike Back bot: a baseline heuristic and two
// searches, a genetic algorithm and a beam search, on the simulator
// impulse/sim/csb.
//
// Entry points: Run plays a whole game on the CodinGame protocol with a
// Config (the contest program cmd/bot and the referee's built-in bots call
// it); Bot is the same player driven line by line (Init, then Turn), which
// the in-process test harness uses; Search is the search alone.
//
// A turn goes through these phases:
//
//  1. Bot.Turn reads the four pod lines into a sim/csb State, keeping what
//     the input does not repeat: passes counted from the changes of next
//     checkpoint, its own BOOST and SHIELD lock, an opponent BOOST guessed
//     from a jump of speed. The player (0 or 1) is told on the first turn
//     by the distance of its pods to checkpoint 0.
//  2. Search.Turn sets the root: each pod's facing, the roles (the pod
//     further in the race is the runner, the other the blocker), and each
//     player's heuristic plan (the baseline policy rolled out).
//  3. The opponent is predicted: its population of plans (Plan: MaxDepth
//     turns × 2 pods of Gene: rotation −18..18°, thrust 0..200, SHIELD,
//     BOOST), shifted from last turn and reseeded, evolves against our
//     previous plan for a quarter of the budget.
//  4. Our plan is searched against the opponent's best: the genetic
//     algorithm (tournament selection, uniform crossover, mutation that
//     narrows as the budget is used, the worst plan replaced) or the beam
//     search (passes of BeamWidth × BeamChildren, one simulated turn per
//     child). Both roll plans out on the simulator through Rotate and
//     Move with a rotation table, and score the state reached: runner
//     progress against the opponent runner's, facings, and the blocker
//     near the opponent runner and its next checkpoint. Each plan of the
//     populations keeps its trajectory (the pods after each turn, all a
//     turn changes that the search reads), so a child of the genetic
//     algorithm is simulated only from the first turn where it differs
//     from a parent (bot.Prefixed): the same results from fewer simulated
//     turns (MEASUREMENTS.md).
//  5. The first turn of the best plan becomes the output: a target along
//     the new facing and the thrust, SHIELD or BOOST.
//
// The budget (bot.Budget) is time from the reading of the turn's first
// line, or with Config.Iterations a fixed count, which makes play
// deterministic for a seed. The searches allocate nothing after NewSearch;
// Run turns the garbage collector off while it plays.
package csb
