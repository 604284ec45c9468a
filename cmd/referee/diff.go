package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"impulse/referee/diff"
	"impulse/referee/replay"
)

// runDiff is "referee diff PATH...": exit 0 when every replay matches, 1 on
// a mismatch, 2 when a file is not a readable replay.
func runDiff(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: referee diff PATH...\n\nReplays each CodinGame replay (a file, or every *.json under a folder) through\nour simulator and compares every frame. Exit status: 0 all match, 1 a mismatch,\n2 a file that is not a readable replay.\n")
		fs.PrintDefaults()
	}
	if ok, err := parseFlags(fs, args, stdout); !ok {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{"diff: no replay given"}
	}
	files, err := replay.Files(fs.Args())
	if err != nil {
		return exitError{2, err}
	}
	ok, bad, broken := 0, 0, 0
	for _, path := range files {
		res, err := diffFile(path)
		switch {
		case err != nil:
			broken++
			fmt.Fprintf(stdout, "ERROR %v\n", err) // err starts with the path
		case res.Match:
			ok++
			fmt.Fprintf(stdout, "%s: ok (%d turns%s)\n", path, res.Turns, rebuiltNote(res))
		default:
			bad++
			fmt.Fprintf(stdout, "%s: MISMATCH turn %d frame %d%s\n", path, res.Turn, res.Frame, rebuiltNote(res))
			fmt.Fprintf(stdout, "  (-official +ours)\n%s\n", indent(res.Diff))
		}
	}
	fmt.Fprintf(stdout, "%d/%d replays match\n", ok, len(files))
	switch {
	case broken > 0:
		return exitError{code: 2}
	case bad > 0:
		return exitError{code: 1}
	}
	return nil
}

// diffFile reads the replay at path and replays it; an error starts with
// the path.
func diffFile(path string) (diff.Result, error) {
	r, err := replay.Read(path)
	if err != nil {
		return diff.Result{}, err
	}
	res, err := diff.Replay(r)
	if err != nil {
		return res, fmt.Errorf("%s: %w", path, err)
	}
	return res, nil
}

// rebuiltNote says how many frames had no stdout and were replayed with
// the commands their views show.
func rebuiltNote(res diff.Result) string {
	switch n := len(res.Rebuilt); n {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("; no stdout in frame %d: its commands were rebuilt from the view", res.Rebuilt[0])
	default:
		return fmt.Sprintf("; no stdout in %d frames (first %d): their commands were rebuilt from the view", n, res.Rebuilt[0])
	}
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n")
}
