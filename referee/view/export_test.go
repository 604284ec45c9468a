package view

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// embeddedData extracts the JSON a self-contained page carries.
func embeddedData(t *testing.T, page []byte) embedded {
	t.Helper()
	const open = `<script type="application/json" id="impulse-data">`
	i := bytes.Index(page, []byte(open))
	if i < 0 {
		t.Fatal("no impulse-data element")
	}
	rest := page[i+len(open):]
	j := bytes.Index(rest, []byte("</script>"))
	var e embedded
	if err := json.Unmarshal(rest[:j], &e); err != nil {
		t.Fatalf("embedded data: %v", err)
	}
	return e
}

func TestExportFile(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "perturbed.json")
	writeFile(t, src, perturbedCSB(t))
	dst := filepath.Join(dir, "page.html")
	if err := ExportFile(dst, src, true); err != nil {
		t.Fatal(err)
	}
	page := readFile(t, dst)
	s := string(page)

	// Self-contained: no asset, script or style is fetched from anywhere.
	if m := regexp.MustCompile(`(?i)<(script|link|img|iframe)[^>]*\s(src|href)=`).FindString(s); m != "" {
		t.Errorf("the page loads something: %s", m)
	}
	if strings.Contains(s, "fetch(") && !strings.Contains(s, `id="impulse-data"`) {
		t.Error("the page would fetch its replay")
	}
	if n, m := strings.Count(s, "<script"), strings.Count(s, "</script>"); n != 2 || m != 2 {
		t.Errorf("%d <script and %d </script>, want 2 each (data, viewer)", n, m)
	}
	if !strings.Contains(s, "<style>") || !strings.Contains(s, "<title>perturbed.json · impulse replay viewer</title>") {
		t.Error("inline style or title missing")
	}

	e := embeddedData(t, page)
	if e.Name != "perturbed.json" {
		t.Errorf("name %q", e.Name)
	}
	want, err := Normalize(perturbedCSB(t))
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	json.Unmarshal(want, &a)
	json.Unmarshal(e.Replay, &b)
	if d := cmp.Diff(a, b); d != "" {
		t.Errorf("embedded replay (-normalised file +embedded):\n%.2000s", d)
	}
	if e.Diff == nil || e.Diff.Match || e.Diff.Frame != 2 {
		t.Errorf("embedded diff %+v, want the mismatch at frame 2", e.Diff)
	}

	// Without the diff.
	if err := ExportFile(dst, src, false); err != nil {
		t.Fatal(err)
	}
	if e := embeddedData(t, readFile(t, dst)); e.Diff != nil {
		t.Errorf("-diff=false still embeds a diff")
	}
}

func TestWriteHTMLEscapes(t *testing.T) {
	// A bot message that closes the script element must stay data.
	in := `{"gameResult": {"frames": [{"view": " 0\nCodersStrikeBack\n", "stderr": "</script><script>alert(1)</script>"}]}}`
	var b bytes.Buffer
	if err := WriteHTML(&b, `<b>name</b>`, []byte(in), nil); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	if strings.Contains(s, "alert(1)</script>") || strings.Contains(s, "<b>name</b>") {
		t.Errorf("unescaped outside text in the page")
	}
	e := embeddedData(t, b.Bytes())
	if !strings.Contains(string(e.Replay), `\u003c/script\u003e`) && !strings.Contains(string(e.Replay), `</script>`) {
		t.Errorf("the stderr text was lost: %s", e.Replay)
	}
	if err := WriteHTML(&b, "x", []byte(`{"frames": []}`), nil); err == nil {
		t.Error("WriteHTML of a replay without frames: no error")
	}
}
