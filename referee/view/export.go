package view

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"os"
)

// The lines of assets/index.html that WriteHTML replaces by inline copies.
const (
	styleLink  = `<link rel="stylesheet" href="assets/viewer.css">`
	scriptLink = `<script src="assets/viewer.js"></script>`
	titleTag   = `<title>impulse replay viewer</title>`
)

// embedded is the JSON a self-contained page carries in its
// <script type="application/json" id="impulse-data"> element.
type embedded struct {
	Name   string          `json:"name"`
	Replay json.RawMessage `json:"replay"`
	Diff   *DiffInfo       `json:"diff,omitempty"`
}

// WriteHTML writes a self-contained page that plays one replay: the page
// with its style sheet and script inline, and the replay JSON (any shape
// Normalize takes) and its diff (nil for none) embedded as data. The page
// needs no server and no network: it opens from file://.
func WriteHTML(w io.Writer, name string, replay []byte, diff *DiffInfo) error {
	norm, err := Normalize(replay)
	if err != nil {
		return err
	}
	page, err := assets.ReadFile("assets/index.html")
	if err != nil {
		return err
	}
	css, err := assets.ReadFile("assets/viewer.css")
	if err != nil {
		return err
	}
	js, err := assets.ReadFile("assets/viewer.js")
	if err != nil {
		return err
	}
	// Inline text ends at the first closing tag of its element, whatever
	// the quoting around it; the assets must not contain one.
	if bytes.Contains(bytes.ToLower(css), []byte("</style")) || bytes.Contains(bytes.ToLower(js), []byte("</script")) {
		return fmt.Errorf("view: an embedded asset contains a closing tag and cannot be inlined")
	}
	// json.Marshal escapes <, > and & in strings (and copies RawMessage
	// through the same escaping), so the data cannot close its element.
	data, err := json.Marshal(embedded{Name: name, Replay: norm, Diff: diff})
	if err != nil {
		return err
	}
	var b bytes.Buffer
	for _, r := range []struct{ old, new string }{
		{titleTag, "<title>" + html.EscapeString(name) + " · impulse replay viewer</title>"},
		{styleLink, "<style>\n" + string(css) + "</style>"},
		{scriptLink, `<script type="application/json" id="impulse-data">` + string(data) + "</script>\n<script>\n" + string(js) + "</script>"},
	} {
		i := bytes.Index(page, []byte(r.old))
		if i < 0 {
			return fmt.Errorf("view: assets/index.html lacks %s", r.old)
		}
		b.Reset()
		b.Write(page[:i])
		b.WriteString(r.new)
		b.Write(page[i+len(r.old):])
		page = append([]byte(nil), b.Bytes()...)
	}
	_, err = w.Write(page)
	return err
}

// ExportFile writes to dst the self-contained page of the replay file src,
// with its diff when withDiff is set and our referee can replay it.
func ExportFile(dst, src string, withDiff bool) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	var diff *DiffInfo
	if withDiff {
		d := DiffReplay(data)
		diff = &d
	}
	var b bytes.Buffer
	if err := WriteHTML(&b, displayName(src), data, diff); err != nil {
		return fmt.Errorf("%s: %w", src, err)
	}
	return os.WriteFile(dst, b.Bytes(), 0o644)
}
