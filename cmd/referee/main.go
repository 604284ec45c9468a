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
//	referee league add|update|stop|remove|run|show   a league of many bots
package main

import (
	"fmt"
	"log"
	"os"
)

func main() {
	log.SetPrefix("referee: ")
	log.SetFlags(0)
	err := run(os.Args[1:])
	if err != nil && err.Error() != "" {
		log.Print(err)
	}
	os.Exit(exitCode(err))
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
  referee league add|update|stop|remove|run|show ...
                          a league: every version of a bot rated together; referee league -h
`

// run runs the subcommand args[0] with the other args; it returns nil
// for exit status 0, else the error that exitCode turns into the status.
func run(args []string) error {
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
	case "league":
		return runLeague(args[1:], os.Stdout, os.Stderr)
	case "-h", "-help", "--help", "help":
		fmt.Print(usage)
		return nil
	}
	return usageError{fmt.Sprintf("unknown command %q\n%s", args[0], usage)}
}
