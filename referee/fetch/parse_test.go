package fetch

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		// RFC 9110 section 10.2.3: delay-seconds or an HTTP-date.
		{"0", 0, true},
		{"7", 7 * time.Second, true},
		{" 120 ", 2 * time.Minute, true},
		{"Sun, 01 Mar 2026 12:00:30 GMT", 30 * time.Second, true}, // IMF-fixdate
		{"Sunday, 01-Mar-26 12:01:00 GMT", time.Minute, true},     // obsolete RFC 850
		{"Sun Mar  1 12:00:05 2026", 5 * time.Second, true},       // ANSI C asctime
		{"Sun, 01 Mar 2026 11:00:00 GMT", 0, true},                // past: no wait
		{"99999999999999999999", 0, false},
		{"9223372036854775807", 1<<63 - 1, true},
		{"", 0, false},
		{"-1", 0, false},
		{"1.5", 0, false},
		{"soon", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, ok := parseRetryAfter(tc.in, now)
			if got != tc.want || ok != tc.ok {
				t.Errorf("parseRetryAfter(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestBackoff(t *testing.T) {
	c := Client{BaseDelay: 100 * time.Millisecond, MaxDelay: time.Second}
	tests := []struct {
		attempt int
		lo, hi  time.Duration
	}{
		{1, 50 * time.Millisecond, 100 * time.Millisecond},
		{2, 100 * time.Millisecond, 200 * time.Millisecond},
		{4, 400 * time.Millisecond, 800 * time.Millisecond},
		{5, 500 * time.Millisecond, time.Second}, // 1.6 s, capped
		{60, 500 * time.Millisecond, time.Second},
		{1000, 500 * time.Millisecond, time.Second}, // no overflow
	}
	for _, tc := range tests {
		seen := map[time.Duration]bool{}
		for range 200 {
			d := c.backoff(tc.attempt)
			if d < tc.lo || d > tc.hi {
				t.Fatalf("backoff(%d) = %v, want %v to %v", tc.attempt, d, tc.lo, tc.hi)
			}
			seen[d] = true
		}
		if len(seen) < 2 {
			t.Errorf("backoff(%d): always %v, want jitter", tc.attempt, seen)
		}
	}
	var zero Client
	if d := zero.backoff(1); d < DefaultBaseDelay/2 || d > DefaultBaseDelay {
		t.Errorf("zero Client: backoff(1) = %v, want %v to %v", d, DefaultBaseDelay/2, DefaultBaseDelay)
	}
	if d := zero.backoff(100); d < DefaultMaxDelay/2 || d > DefaultMaxDelay {
		t.Errorf("zero Client: backoff(100) = %v, want at most %v", d, DefaultMaxDelay)
	}
}

func TestSnippet(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"short", `{"error": "x"}`, `{"error": "x"}`},
		{"null", "null\n", "null"},
		{"empty", "", "an empty answer"},
		{"blank", " \r\n", "an empty answer"},
		{"lines", "<html>\n  <body>\r\n\tx", "<html> <body> x"},
		{"control", "a\x00b\x1bc", "a\uFFFDb\uFFFDc"},
		{"invalid UTF-8", "a\xffb", "a\uFFFDb"},
		{"cut", strings.Repeat("y", 201), strings.Repeat("y", 200) + "..."},
		{"exactly 200", strings.Repeat("z", 200), strings.Repeat("z", 200)},
		{"cut in a rune", strings.Repeat("y", 199) + "é", strings.Repeat("y", 199) + "\uFFFD..."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := snippet([]byte(tc.in)); got != tc.want {
				t.Errorf("snippet(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// FuzzDoneGames: any answer to findLastBattlesByAgentId gives ids or an
// error, never a panic, and never more than asked for.
func FuzzDoneGames(f *testing.F) {
	f.Add([]byte(`[{"gameId": 899, "done": true, "players": []}, {"gameId": 900, "done": false}]`), 1)
	f.Add([]byte(`null`), 10)
	f.Add([]byte(`{"error": "x"}`), 0)
	f.Add([]byte(`[{"done": true}]`), 3)
	f.Fuzz(func(t *testing.T, data []byte, n int) {
		ids, err := doneGames(data, n)
		if err != nil && ids != nil {
			t.Errorf("ids %v with error %v", ids, err)
		}
		if n > 0 && len(ids) > n {
			t.Errorf("%d ids, asked for %d", len(ids), n)
		}
	})
}

// FuzzParseRetryAfter: any header gives a wait of zero or more, or false.
func FuzzParseRetryAfter(f *testing.F) {
	for _, s := range []string{"0", "120", "Sun, 01 Mar 2026 12:00:30 GMT", "soon", "-1"} {
		f.Add(s)
	}
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, h string) {
		d, ok := parseRetryAfter(h, now)
		if d < 0 || (!ok && d != 0) {
			t.Errorf("parseRetryAfter(%q) = %v, %v", h, d, ok)
		}
	})
}

// FuzzSnippet: any answer quotes as one valid line of bounded length.
func FuzzSnippet(f *testing.F) {
	f.Add([]byte("<html>\n<body>"))
	f.Add([]byte("null"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := snippet(data)
		if !utf8.ValidString(s) || strings.ContainsAny(s, "\n\r\t") || len(s) > 3*snippetLen+3 {
			t.Errorf("snippet(%q) = %q", data, s)
		}
	})
}
