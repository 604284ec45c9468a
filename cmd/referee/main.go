// Command referee plays local matches between bots, replays CodinGame
// replays through our simulators to check them, and speaks the community's
// simulator test protocol.
//
// Usage:
//
//	referee                 a short match: the CSB GA at 2000 iterations a turn against 1000
//	referee match -p1 CMD -p2 CMD [flags]   a match between two bots
//	referee bot NAME        run a built-in bot on stdin/stdout
//	referee diff PATH...    replay every *.json under PATH and compare
//	referee simtest         CSB simulator test protocol on stdin/stdout
//	referee view [PATH...]  watch replays in the browser
//	referee fetch GAMEID... download replays from CodinGame's API
//	referee tune -bot CMD -param ... -games N   tune a bot's parameters by SPSA
//	referee server          the queue of a match played on many machines
//	referee worker          play the queue's games on this machine
//	referee report FILE...  one HTML page of a match's -results files
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
)

// usageError is a command-line mistake: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func main() {
	log.SetPrefix("referee: ")
	log.SetFlags(0)
	code, err := run(os.Args[1:])
	if err != nil {
		log.Print(err)
		var u usageError
		if errors.As(err, &u) {
			os.Exit(2)
		}
		os.Exit(1)
	}
	os.Exit(code)
}

const usage = `usage:
  referee                 a short match on all cores: the CSB GA at 2000 iterations a turn against 1000
  referee match -p1 CMD -p2 CMD [flags]
                          a match between two bots (built-in names or commands); -h for flags
  referee bot NAME        run a built-in bot (csb/ga, csb/beam, csb/baseline, fb/ga, fb/beam, fb/baseline)
  referee diff PATH...    replay CodinGame replays (files, or folders searched for *.json)
                          through our simulators and compare every frame
  referee simtest         the community CSB simulator test protocol, on stdin and stdout
  referee view [PATH...]  watch replays in the browser (-o FILE.html: one self-contained page)
  referee fetch GAMEID... download replays from CodinGame's API (-agent ID: an agent's last games)
  referee tune -bot CMD -param NAME,START,MIN,MAX,C_END,R_END ... -games N
                          tune a bot's parameters by SPSA as fishtest does; -h for flags
  referee server          the queue of matches played on many machines (referee match -server URL)
  referee worker -server URL
                          play the queue's games on this machine
  referee report FILE.jsonl... [-o report.html]
                          one self-contained HTML page of a match's -results files
`

func run(args []string) (int, error) {
	if len(args) == 0 {
		return runDefault(os.Stdout, os.Stderr)
	}
	switch args[0] {
	case "match":
		return runMatch(args[1:], os.Stdout, os.Stderr)
	case "bot":
		return runBot(args[1:], os.Stdin, os.Stdout, os.Stderr)
	case "diff":
		return runDiff(args[1:], os.Stdout)
	case "simtest":
		return runSimtest(args[1:], os.Stdin, os.Stdout)
	case "view":
		return runView(args[1:], os.Stdout)
	case "report":
		return runReport(args[1:], os.Stdout)
	case "fetch":
		return runFetch(args[1:], os.Stdout, os.Stderr)
	case "tune":
		return runTune(args[1:], os.Stdout, os.Stderr)
	case "server":
		return runServer(args[1:], os.Stdout)
	case "worker":
		return runWorker(args[1:], os.Stdout, os.Stderr)
	case "-h", "-help", "--help", "help":
		fmt.Print(usage)
		return 0, nil
	}
	return 2, usageError{fmt.Sprintf("unknown command %q\n%s", args[0], usage)}
}

// parseFlags parses a subcommand's flags, the same way for every
// subcommand: -h or -help prints its synopsis (fs.Usage) on stdout and
// exits 0; any other mistake is a usage error (exit 2) naming the
// subcommand and its -h. ok is false when the subcommand is to return
// code and err at once.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (code int, ok bool, err error) {
	fs.SetOutput(io.Discard) // the error goes to main, the usage only on -h
	err = fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fs.Usage()
		return 0, false, nil
	case err != nil:
		return 2, false, usageError{fmt.Sprintf("%s: %v (referee %s -h for help)", fs.Name(), err, fs.Name())}
	}
	return 0, true, nil
}
