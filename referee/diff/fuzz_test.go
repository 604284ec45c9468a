package diff

import (
	"os"
	"path/filepath"
	"testing"

	"impulse/referee/replay"
)

// FuzzReplay feeds arbitrary bytes to the replay reader and, when they
// read as a replay, to the diff: neither may panic or hang. Seeded with
// real replays of the shortest games.
func FuzzReplay(f *testing.F) {
	for _, name := range []string{"csb/csb-046.json", "csb/csb-054.json", "fb/fb-051.json", "fb/fb-054.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "replays", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"success": {"frames": [{"view": " 0\nCodersStrikeBack\n", "keyframe": true, "agentId": -1}]}}`))
	f.Add([]byte(`{"gameResult": {"refereeInput": "seed=1\nmap=0 0 1 1", "frames": [{"view": " 0\nCodersStrikeBack\n"}]}}`))
	f.Add([]byte(`{"gameResult": {"refereeInput": "seed=1", "tooltips": [{"text": "$0 scored", "sourceId": 0, "turn": 1}], "frames": [{"view": " 0\nFantastic Bits\n", "keyframe": true}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := replay.Parse(data)
		if err != nil {
			return
		}
		Replay(r) // an error or a mismatch is fine; a panic is not
	})
}
