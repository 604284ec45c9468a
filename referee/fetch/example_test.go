package fetch_test

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"

	"impulse/referee/fetch"
)

// ExampleClient_Fetch downloads a game twice into the same folder, from a
// stand-in for CodinGame's API that serves one recorded game: the second
// time it is in the cache.
func ExampleClient_Fetch() {
	game, err := os.ReadFile(filepath.Join("..", "..", "replays", "csb-live", "battle_872272248.json"))
	if err != nil {
		log.Fatal(err)
	}
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"gameResult": %s}`, game)
	}))
	defer api.Close()
	dir, err := os.MkdirTemp("", "fetched")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	c := &fetch.Client{API: api.URL}
	for range 2 {
		res, err := c.Fetch(context.Background(), dir, []int64{872272248}, nil)
		if err != nil {
			log.Fatal(err)
		}
		r := res[0]
		r.Path, _ = filepath.Rel(dir, r.Path)
		fmt.Println(r)
	}
	// Output:
	// 872272248: downloaded (203 frames) -> 872272248.json
	// 872272248: cached -> 872272248.json
}
