package fetch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"impulse/referee/replay"
)

// Result is what Fetch did with one game.
type Result struct {
	ID   int64
	Path string // DIR/<ID>.json
	// Cached reports whether Path already held a readable replay, so that
	// nothing was downloaded.
	Cached bool
	Frames int   // the downloaded replay's frames; 0 when cached or failed
	Err    error // why the game failed, naming it; nil on success
}

// String returns the line "referee fetch" prints for the game:
// "ID: downloaded (N frames) -> PATH", "ID: cached -> PATH", or the error.
func (r Result) String() string {
	switch {
	case r.Err != nil:
		return r.Err.Error()
	case r.Cached:
		return fmt.Sprintf("%d: cached -> %s", r.ID, r.Path)
	}
	return fmt.Sprintf("%d: downloaded (%d frames) -> %s", r.ID, r.Frames, r.Path)
}

// Path returns where Fetch keeps game id under dir: dir/<id>.json.
func Path(dir string, id int64) string {
	return filepath.Join(dir, strconv.FormatInt(id, 10)+".json")
}

// Fetch downloads each game of ids into dir (created if missing) as
// Path(dir, id), in order, calling report, when not nil, with each game's
// Result as it is known. A game whose file already exists and reads as a
// replay is not downloaded again; one that fails leaves no file and does
// not stop the others. Each file is written whole or not at all (a
// temporary file renamed), holding the body exactly as the API served it.
// Downloads are Pause apart.
//
// Fetch returns the results of the games it finished. Its error is not
// about a game: dir cannot be made, or ctx is done (the game under way is
// then left out of the results).
func (c *Client) Fetch(ctx context.Context, dir string, ids []int64, report func(Result)) ([]Result, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var results []Result
	downloaded := false
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return results, err
		}
		res := Result{ID: id, Path: Path(dir, id)}
		if cached(res.Path) {
			res.Cached = true
		} else {
			if downloaded && c.Pause > 0 {
				if err := c.sleep(ctx, c.Pause); err != nil {
					return results, err
				}
			}
			downloaded = true
			data, r, err := c.Game(ctx, id)
			if err != nil && ctx.Err() != nil {
				return results, ctx.Err()
			}
			if err == nil {
				if err = writeFile(res.Path, data); err != nil {
					err = fmt.Errorf("game %d: %w", id, err)
				}
				res.Frames = len(r.GameResult.Frames)
			}
			if err != nil {
				res.Err, res.Frames = err, 0
			}
		}
		results = append(results, res)
		if report != nil {
			report(res)
		}
	}
	return results, nil
}

// cached reports whether path holds a replay. A file that does not read
// as one (cut short by hand, say) is downloaded again.
func cached(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	_, err = replay.Parse(data)
	return err == nil
}

// writeFile writes data to path through a temporary file in the same
// folder, renamed once complete, so that no reader and no interrupted run
// ever sees half a replay.
func writeFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	serr := tmp.Sync()
	cerr := tmp.Close()
	err = errors.Join(werr, serr, cerr, os.Chmod(tmp.Name(), 0o644))
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
