package fetch

import (
	"context"
	"net/http"
	"sync"
	"time"

	"impulse/referee/fetch/fetchtest"
)

// client returns a Client on the stand-in f whose waits s records, not
// sleeps; every request gives up after 5 s so that no test hangs.
func client(f *fetchtest.API, s *sleeps) *Client {
	return &Client{
		API:   f.URL,
		HTTP:  &http.Client{Timeout: 5 * time.Second},
		Sleep: s.sleep,
	}
}

// sleeps records the waits of a Client instead of sleeping.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return ctx.Err()
}

func (s *sleeps) waits() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.d...)
}
