package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// writeModule writes a module of the given files (path: content) in a new
// temporary directory and returns it.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// bigModule is a module "big" whose cmd/bot has a doc comment of
// commentChars characters and prints the lengths of constants of the
// given sizes, one package each.
func bigModule(t *testing.T, commentChars int, data map[string]int) string {
	files := map[string]string{"go.mod": "module big\n\ngo 1.18\n"}
	var imports, uses []string
	for pkg, n := range data {
		files[pkg+"/"+pkg+".go"] = "package " + pkg + "\n\n// Data is padding.\nconst Data = \"" + strings.Repeat("x", n) + "\"\n"
		imports = append(imports, `"big/`+pkg+`"`)
		uses = append(uses, "len("+pkg+".Data)")
	}
	comment := strings.Repeat("// a padding comment, which the bundle may leave out.\n", commentChars/54)
	files["cmd/bot/main.go"] = "package main\n\nimport (\n\"fmt\"\n" + strings.Join(imports, "\n") + "\n)\n\n" +
		comment + "func main() { fmt.Println(" + strings.Join(uses, ", ") + ") }\n"
	return writeModule(t, files)
}

// TestAutoStrip bundles a bot that is over the limit with its comments and
// fits without them: the bundle is written without comments, both sizes
// printed, and it passes the checks.
func TestAutoStrip(t *testing.T) {
	dir := bigModule(t, 30000, map[string]int{"table": 75000})
	out := filepath.Join(t.TempDir(), "csb.go")
	var stdout, stderr strings.Builder
	if err := run([]string{"-C", dir, "-game", "csb", "-o", out}, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	n, line := size(src)
	m := regexp.MustCompile(`csb.go: (\d+) chars with comments, (\d+) chars over the limit: comments stripped, (\d+) chars\n`).FindStringSubmatch(stderr.String())
	if m == nil || m[3] != strings.TrimSpace(strings.Fields(line)[1]) {
		t.Errorf("stderr does not give both sizes (the stripped one %d):\n%s", n, stderr.String())
	}
	if n > sizeLimit || strings.Contains(string(src), "padding comment") {
		t.Errorf("the bundle (%d chars) keeps its comments", n)
	}
}

// TestOverLimit bundles a bot that is over the limit with and without its
// comments: the error says by how much, both ways, and lists the packages
// heaviest first.
func TestOverLimit(t *testing.T) {
	dir := bigModule(t, 5000, map[string]int{"table": 60000, "more": 45000})
	out := filepath.Join(t.TempDir(), "csb.go")
	var stdout, stderr strings.Builder
	err := run([]string{"-C", dir, "-game", "csb", "-o", out}, &stdout, &stderr)
	if err == nil {
		t.Fatalf("no error; stderr:\n%s", stderr.String())
	}
	src, rerr := os.ReadFile(out)
	if rerr != nil {
		t.Fatal(rerr)
	}
	n, line := size(src)
	msg := err.Error()
	for _, want := range []string{
		"csb.go: too big for CodinGame: " + line + ": ",
		strings.TrimSpace(chars(n-sizeLimit)) + " over the limit, and ",
		" over without comments (",
		"Characters by package, with comments and without:\n\tbig/table ",
		"\n\tbig/more ",
		"\n\tbig/cmd/bot ",
	} {
		i := strings.Index(msg, want)
		if i < 0 {
			t.Fatalf("error does not say %q (in this order):\n%s", want, err)
		}
		msg = msg[i+len(want):]
	}
}

// TestWeights checks that the characters by package add up to the size,
// and that every merged package has its share.
func TestWeights(t *testing.T) {
	res, err := bundle(options{dir: "testdata/golden", pattern: ".", tags: []string{"contest"}})
	if err != nil {
		t.Fatal(err)
	}
	n, _ := size(res.src)
	total := 0
	got := map[string]bool{}
	for _, w := range weights(res.src, res.decls) {
		total += w.chars
		got[w.pkg] = w.chars > 0
	}
	if total != n {
		t.Errorf("the weights add up to %d, the size is %d", total, n)
	}
	for _, u := range append(res.units, headerWeight) {
		if !got[u] {
			t.Errorf("no characters for %s: %v", u, weights(res.src, res.decls))
		}
	}
}

// TestContestBundlesKeepTheirComments bundles each game's bot with its
// default settings, as `go run ./cmd/bundle -game G` does, and checks that
// it fits CodinGame's limit with its comments: the bundle a player pastes
// stays readable, with its documentation (issue 17 made this a criterion).
// A change that breaks it must make room (README, "Submitting to
// CodinGame", gives what the bundle leaves out and how).
func TestContestBundlesKeepTheirComments(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, game := range gameNames() {
		res, err := bundle(options{dir: root, pattern: "./cmd/bot", tags: games[game], game: game, others: otherGames(game)})
		if err != nil {
			t.Fatal(err)
		}
		n, line := size(res.src)
		t.Logf("%s: %s", game, line)
		if n > sizeLimit {
			t.Errorf("the %s bundle is %d characters with its comments, %s over the limit", game, n, chars(n-sizeLimit))
		}
		if !strings.Contains(string(res.src), "\n// ") {
			t.Errorf("the %s bundle has no comments", game)
		}
	}
}
