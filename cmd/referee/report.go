package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"impulse/referee/match"
	"impulse/referee/report"
	"impulse/referee/stats"
)

const reportUsage = `usage: referee report [-o report.html] [-sprt elo0,elo1,alpha,beta] FILE.jsonl...

Prints the table "referee match" prints (with -sprt, the SPRT's LLR and
verdict) for the games in -results files, and writes them as one
self-contained HTML page (no network, no script): that table, the score
and the Elo with its 95% interval as pairs accumulate, the SPRT's LLR
against its bounds (with -sprt), results by seat and by seed, each bot's
slowest answers against the time limit, end reasons, and links to the
replays in the viewer where the match wrote them. Several files (runs on
several machines, an interrupted run and its sequel) merge into one
report; they must be of the same game between the same two bots.

Flags:
`

// runReport is "referee report".
func runReport(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	out := fs.String("o", "report.html", "write the page to `FILE` (\"\": no page, the table only)")
	sprt := fs.String("sprt", "", "draw the SPRT of `elo0,elo1,alpha,beta` (e.g. 0,10,0.05,0.05)")
	model := fs.String("sprt-model", "logistic", "Elo scale of the SPRT bounds: logistic or normalized")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), reportUsage)
		fs.PrintDefaults()
	}
	if ok, err := parseFlags(fs, args, stdout); !ok {
		return err
	}
	if fs.NArg() == 0 {
		return usageError{"report: give one or more -results files (referee report -h for help)"}
	}
	t, err := parseSPRT(*sprt, *model)
	if err != nil {
		return usageError{"report: " + err.Error()}
	}
	files, err := readResultFiles(fs.Args())
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	rep, err := match.ReportFromResults(files, t)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	var info match.Info
	for _, f := range files {
		if len(f.Results) > 0 {
			info = f.Results[0].Info
			break
		}
	}
	if *out != "" {
		if err := writeReportPage(*out, rep, report.Options{Sources: fs.Args(), Info: info}); err != nil {
			return fmt.Errorf("report: %w", err)
		}
	}
	if err := match.WriteReport(stdout, rep); err != nil || *out == "" {
		return err
	}
	_, err = fmt.Fprintf(stdout, "report: %s\n", *out)
	return err
}

// readResultFiles reads the -results files names.
func readResultFiles(names []string) ([]match.ResultFile, error) {
	var files []match.ResultFile
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		res, err := match.ReadResults(f, name)
		f.Close()
		if err != nil {
			return nil, err
		}
		files = append(files, match.ResultFile{Name: name, Results: res})
	}
	return files, nil
}

// writeReportPage writes the page to path, creating its folder.
func writeReportPage(path string, rep *match.Report, o report.Options) error {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := report.Write(f, rep, o); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// parseSPRT reads -sprt and -sprt-model; nil when -sprt is empty.
func parseSPRT(s, model string) (*stats.SPRT, error) {
	if s == "" {
		return nil, nil
	}
	t, err := stats.ParseSPRT(s)
	if err != nil {
		return nil, err
	}
	switch model {
	case "logistic":
	case "normalized":
		t.Model = stats.Normalized
	default:
		return nil, fmt.Errorf("-sprt-model %q: want logistic or normalized", model)
	}
	return &t, nil
}
