// Package testbot holds the bots of the referee's tests, so that a test
// binary doubles as them: run as "TESTBINARY impulse-testbot KIND...", it
// plays as KIND says instead of running the tests. The tests' TestMain
// calls [Main] first; a test starts a bot with the command [Argv] gives.
// Tests only.
//
// The kinds:
//
//	racer      plays CSB: each pod heads for its next checkpoint at thrust 100
//	racer150   the same at thrust 150
//	slow       a racer that pauses 300 ms a turn (games that last a minute)
//	pause:MS   a racer that pauses MS ms a turn
//	fbmove     plays FB: both wizards move to the middle at thrust 150
//	fbecho PATH  plays FB as its seat's bot played the replay at PATH,
//	           echoing what it reads to stderr
//
// and the racers that misbehave, a ":N" suffix being the turn (0 first)
// at which they do:
//
//	crash:N    exits with status 3 before answering turn N
//	exit0:N    exits with status 0 before answering turn N
//	late:N     answers turn N after 2 s
//	invalid:N  answers turn N with a line that is not a command
//	longline:N answers turn N with a line of 1 MiB
//	silent     reads nothing, answers nothing
//	flood      reads nothing, writes "garbage" lines without end
//	floodvalid reads nothing, writes valid commands without end
//	stderr     writes 4 MiB to stderr on turn 0, then races
//	fork       leaves a grandchild "sleep 313.37" in its group, then races
//
// Any other kind races at thrust 100. A bot exits with status 0 when its
// input ends.
package testbot

import (
	"os"
	"strings"
)

// Word is the first argument that makes the test binary a test bot.
const Word = "impulse-testbot"

// Argv returns the command that runs the test bot of the words kind
// ("racer"; "fbecho", PATH) in this test binary. With no words, it is
// the command that runs built-in bots, the kind their words: a queue
// worker's WorkerConfig.Builtin.
func Argv(kind ...string) []string {
	return append([]string{os.Args[0], Word}, kind...)
}

// Main runs the test bot that the command line names, and exits with its
// status; it returns at once when the command line names none (the tests
// are to run).
//
// Before it returns it sets GORACE's atexit_sleep_ms to 0 for the bots the
// tests start: a binary built with -race sleeps 1 s before it exits with
// status 0, so that under "go test -race" a bot that exits 0 kept its
// output open past the turn's limit and lost by a timeout, not a crash.
func Main() {
	if code, ok := Run(os.Args[1:]); ok {
		os.Exit(code)
	}
	if !strings.Contains(os.Getenv("GORACE"), "atexit_sleep_ms") {
		os.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	}
}

// Run runs the test bot that args (the command line after the program)
// name, on the standard input and output, and returns its exit status;
// ok reports whether args name a test bot: Word, then the kind.
func Run(args []string) (code int, ok bool) {
	if len(args) < 2 || args[0] != Word {
		return 0, false
	}
	if len(args) >= 3 && args[1] == "fbecho" {
		return fbEcho(args[2]), true
	}
	return play(args[1]), true
}
