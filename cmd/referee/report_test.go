package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReportCommand: "match -report" writes the page of the match it
// played (into a folder it creates), and "referee report" on the match's
// -results writes a page with the same figures; a results file that is
// not one is an error naming its line.
func TestReportCommand(t *testing.T) {
	isolateCache(t)
	dir := t.TempDir()
	results := filepath.Join(dir, "results.jsonl")
	live := filepath.Join(dir, "new", "live.html")
	var stdout, stderr bytes.Buffer
	err := runMatch([]string{
		"-p1", "csb/ga -iterations 100", "-p2", "csb/baseline", "-n", "4", "-j", "2", "-seed", "5",
		"-results", results, "-report", live, "-progress=false",
	}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("match: exit %d, %v\n%s", exitCode(err), err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "report: "+live) {
		t.Errorf("match does not say where the report is:\n%s", stdout.String())
	}
	rebuilt := filepath.Join(dir, "rebuilt.html")
	eloLine := regexp.MustCompile(`(?m)^Elo of csb/ga -iterations 100: .*$`)
	played := eloLine.FindString(stdout.String())
	if played == "" {
		t.Fatalf("match printed no Elo line:\n%s", stdout.String())
	}
	stdout.Reset()
	if err := runReport([]string{"-o", rebuilt, "-sprt", "0,5,0.05,0.05", results}, &stdout); err != nil {
		t.Fatalf("report: exit %d, %v", exitCode(err), err)
	}
	// The table that match printed, rebuilt from the file, with the SPRT.
	got := stdout.String()
	if !strings.Contains(got, "4 games (2 pairs, seeds 5..6)") || eloLine.FindString(got) != played ||
		!strings.Contains(got, "SPRT elo0 0 elo1 5 (logistic) alpha 0.05 beta 0.05: LLR ") || !strings.HasSuffix(got, "report: "+rebuilt+"\n") {
		t.Errorf("report printed\n%s\nwant the match's table (%q), the SPRT and where the page is", got, played)
	}
	figures := func(path string) string {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range regexp.MustCompile(`id="(games|pairs|score|elo|los)">([^<]*)<`).FindAllStringSubmatch(string(data), -1) {
			out = append(out, m[1]+"="+m[2])
		}
		if len(out) != 5 {
			t.Fatalf("%s: figures %q, want 5", path, out)
		}
		return strings.Join(out, " ")
	}
	if a, b := figures(live), figures(rebuilt); a != b {
		t.Errorf("the match's page shows %s, the page of its results %s", a, b)
	}

	// -o "": the table only, no page anywhere.
	t.Chdir(t.TempDir())
	stdout.Reset()
	if err := runReport([]string{"-o", "", results}, &stdout); err != nil {
		t.Fatalf("report -o '': exit %d, %v", exitCode(err), err)
	}
	if eloLine.FindString(stdout.String()) != played || strings.Contains(stdout.String(), "report:") {
		t.Errorf("report -o '' printed\n%s\nwant the table and no page", stdout.String())
	}
	if _, err := os.Stat("report.html"); err == nil {
		t.Error(`report -o "" wrote report.html`)
	}

	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte("{\"seed\": 1}\n[\n"), 0o644)
	if err := runReport([]string{"-o", filepath.Join(dir, "x.html"), bad}, &stdout); exitCode(err) != 1 || err == nil || !strings.Contains(err.Error(), "bad.jsonl:2") {
		t.Errorf("a bad file: exit %d, %v; want 1 and an error naming bad.jsonl:2", exitCode(err), err)
	}
}
