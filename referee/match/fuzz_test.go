package match

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzSplitCommand: any command line splits without panicking, and
// quoting the words back gives the same words.
func FuzzSplitCommand(f *testing.F) {
	for _, s := range []string{"./bot", `sh -c 'exec ./bot 2>log'`, `a "b c" d\ e "x\"y" '\n'`, `x""y ''`, `"`, `'`, `\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := SplitCommand(s)
		if err != nil {
			return
		}
		if len(words) == 0 {
			t.Fatalf("SplitCommand(%q): no words and no error", s)
		}
		var quoted []string
		for _, w := range words {
			quoted = append(quoted, "'"+strings.ReplaceAll(w, "'", `'\''`)+"'")
		}
		again, err := SplitCommand(strings.Join(quoted, " "))
		if err != nil || strings.Join(again, "\x00") != strings.Join(words, "\x00") {
			t.Fatalf("SplitCommand(%q) = %q; quoted back: %q, %v", s, words, again, err)
		}
	})
}

// FuzzBotLines: whatever a bot writes, in whatever chunks, the lines read
// are its lines, each cut at MaxLineBytes, none holding a newline; a line
// longer than that counts from its first MaxLineBytes, newline or not.
func FuzzBotLines(f *testing.F) {
	f.Add([]byte("8000 4500 100\n8000 4500 BOOST\n"), uint8(3))
	f.Add([]byte("a\r\n\n\nb"), uint8(1))
	f.Add(bytes.Repeat([]byte("z"), MaxLineBytes+3), uint8(200))
	f.Fuzz(func(t *testing.T, out []byte, chunk uint8) {
		if len(out) > 4*MaxLineBytes {
			return
		}
		b := &bot{}
		n := int(chunk) + 1
		for i := 0; i < len(out); i += n {
			j := i + n
			if j > len(out) {
				j = len(out)
			}
			b.take(out[i:j])
		}
		var got []string
		for {
			l, ok := b.nextLine()
			if !ok {
				break
			}
			got = append(got, l)
		}
		want := strings.Split(string(out), "\n")
		if len(want[len(want)-1]) <= MaxLineBytes {
			want = want[:len(want)-1] // no newline yet, and not too long yet
		}
		if len(got) != len(want) {
			t.Fatalf("%d lines, want %d", len(got), len(want))
		}
		for i, w := range want {
			w = strings.TrimSuffix(w, "\r")
			if len(w) > MaxLineBytes {
				w = w[:MaxLineBytes]
			}
			if got[i] != w && !(len(want[i]) > MaxLineBytes && got[i] == strings.TrimSuffix(want[i][:MaxLineBytes], "\r")) {
				t.Fatalf("line %d: %d bytes %.40q, want %d bytes %.40q", i, len(got[i]), got[i], len(w), w)
			}
		}
	})
}
