package league

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// showcase is a league with every kind of row the page draws: rated
// players, the anchor, one above every rated player (won all its games),
// one stopped, one without games.
func showcase(t testing.TB) *Table {
	t.Helper()
	l, _ := fourPlayers()
	l.s.Players = append(l.s.Players,
		Player{ID: "champ", Name: "champ", Version: 1, Command: "csb/ga -iterations 4000"},
		Player{ID: "idle", Name: "idle", Version: 1, Command: "./bots/idle", Stopped: true})
	l.play("champ", "a", 1, 1, 1, 1)
	l.play("champ", "c", 1, 1, 1) // a pair incomplete
	tab, err := Standings(&l.s)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// element is an element of a parsed page: its name, attributes, the
// text in it and the elements in it.
type element struct {
	name     string
	attr     map[string]string
	text     string
	children []*element
}

// parsePage parses an HTML page as encoding/xml reads HTML (not strict,
// HTML's void elements closed), failing on a tag left open or closed
// twice, and returns its root.
func parsePage(t *testing.T, page []byte) *element {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(page))
	d.Strict, d.AutoClose, d.Entity = false, xml.HTMLAutoClose, xml.HTMLEntity
	root := &element{name: "document"}
	stack := []*element{root}
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the page does not parse: %v", err)
		}
		top := stack[len(stack)-1]
		switch tok := tok.(type) {
		case xml.StartElement:
			e := &element{name: tok.Name.Local, attr: map[string]string{}}
			for _, a := range tok.Attr {
				e.attr[a.Name.Local] = a.Value
			}
			top.children = append(top.children, e)
			stack = append(stack, e)
		case xml.EndElement:
			if top.name != tok.Name.Local {
				t.Fatalf("</%s> closes <%s>", tok.Name.Local, top.name)
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			for _, e := range stack {
				e.text += string(tok)
			}
		}
	}
	if len(stack) != 1 {
		t.Fatalf("<%s> is never closed", stack[len(stack)-1].name)
	}
	return root
}

// all returns the elements named name in e, e included, in document
// order.
func (e *element) all(name string) []*element {
	var out []*element
	if e.name == name {
		out = append(out, e)
	}
	for _, c := range e.children {
		out = append(out, c.all(name)...)
	}
	return out
}

// byID returns the element of that id in e, nil for none.
func (e *element) byID(id string) *element {
	if e.attr["id"] == id {
		return e
	}
	for _, c := range e.children {
		if f := c.byID(id); f != nil {
			return f
		}
	}
	return nil
}

// TestWritePage: the page parses as HTML, its table has a row per player
// in the table's order with its Elo, the two charts are inline SVG, the
// matrix has a cell per two players, and nothing is fetched.
func TestWritePage(t *testing.T) {
	// champ above the rated (won all), idle stopped without games; champ
	// against c one pair incomplete (*).
	tab := showcase(t)
	var buf bytes.Buffer
	if err := WritePage(&buf, tab); err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("IMPULSE_SCREENSHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "league-small.html"), buf.Bytes(), 0o644)
	}
	doc := parsePage(t, buf.Bytes())
	standings := doc.byID("standings")
	if standings == nil {
		t.Fatal("no #standings table")
	}
	rows := standings.all("tr")[1:]
	if len(rows) != len(tab.Rows) {
		t.Fatalf("%d rows in #standings, want %d", len(rows), len(tab.Rows))
	}
	for x, tr := range rows {
		cells := tr.all("td")
		r := tab.Rows[x]
		if got := strings.TrimSpace(cells[1].text); got != r.Player.ID || cells[3].text != r.Rating.Short() {
			t.Errorf("row %d: %q, %q; want %s, %s", x+1, got, cells[3].text, r.Player.ID, r.Rating.Short())
		}
	}
	for _, id := range []string{"ratings-chart", "history-chart"} {
		if f := doc.byID(id); f == nil || len(f.all("svg")) != 1 {
			t.Errorf("#%s: no figure with one svg", id)
		}
	}
	h2h := doc.byID("h2h")
	if h2h == nil {
		t.Fatal("no #h2h table")
	}
	if n := len(h2h.all("td")); n != len(tab.Rows)*len(tab.Rows) {
		t.Errorf("%d cells in #h2h, want %d", n, len(tab.Rows)*len(tab.Rows))
	}
	s := buf.String()
	for _, bad := range []string{"<script", "src=", "href=", "@import", "url(", "NaN", "Inf", "ZgotmplZ"} {
		if strings.Contains(s, bad) {
			t.Errorf("the page has %q: it must be self-contained, with numbers only", bad)
		}
	}
	for _, want := range []string{"stopped", "no games yet", "+0.0 (anchor)", "4/4>", "3/3>", "*"} {
		if !strings.Contains(h2h.text+standings.text, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// TestWritePageEmpty: a league without games has its table and the
// ratings chart, and no history; a table without rows is a page still.
func TestWritePageEmpty(t *testing.T) {
	var empty bytes.Buffer
	if err := WritePage(&empty, &Table{}); err != nil {
		t.Fatalf("a table without rows: %v", err)
	}
	parsePage(t, empty.Bytes())
	l := newLeague("a", "a", "b")
	tab, err := Standings(&l.s)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WritePage(&buf, tab); err != nil {
		t.Fatal(err)
	}
	doc := parsePage(t, buf.Bytes())
	if doc.byID("ratings-chart") == nil || doc.byID("history-chart") != nil {
		t.Errorf("a league without games: want the ratings chart and no history")
	}
	if n := len(doc.byID("standings").all("tr")); n != 3 {
		t.Errorf("%d lines in #standings, want a header and 2 rows", n)
	}
}
