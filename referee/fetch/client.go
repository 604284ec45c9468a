package fetch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"impulse/referee/replay"
)

// Defaults of a Client's zero fields, and of the command's pause.
const (
	DefaultAPI       = "https://www.codingame.com"
	DefaultUserAgent = "impulse-referee-fetch/1 (CodinGame replay downloader; \"referee fetch\")"
	DefaultAttempts  = 6
	DefaultBaseDelay = time.Second
	DefaultMaxDelay  = time.Minute
	// DefaultPause is the pause between two downloads that "referee fetch"
	// makes unless told otherwise (Client.Pause is zero, no pause, unless set).
	DefaultPause = time.Second
)

// The API's services, under Client.API.
const (
	findByGameID     = "/services/gameResult/findByGameId"
	findLastBattles  = "/services/gamesPlayersRanking/findLastBattlesByAgentId"
	maxBody          = 64 << 20 // a replay is about 100 KB
	snippetLen       = 200      // bytes of an unexpected answer quoted in errors
	defaultHTTPLimit = 2 * time.Minute
)

var defaultHTTP = &http.Client{Timeout: defaultHTTPLimit}

// Client downloads from CodinGame's API. Its zero value is ready to use:
// each zero field means the default named beside it. A Client holds no
// state between calls and is safe for concurrent use when its HTTP client
// and Sleep are.
type Client struct {
	// API is the site's base URL, without the trailing /services; empty:
	// DefaultAPI.
	API string
	// HTTP makes the requests; nil: a client with a 2-minute timeout.
	HTTP *http.Client
	// UserAgent names the tool in every request; empty: DefaultUserAgent.
	UserAgent string

	// Attempts bounds the tries of one request, the first included;
	// zero: DefaultAttempts.
	Attempts int
	// BaseDelay is the back-off before the second try, doubled before
	// each next one, jittered to between half and all of it; zero:
	// DefaultBaseDelay.
	BaseDelay time.Duration
	// MaxDelay caps any one wait, also one that Retry-After asks for;
	// zero: DefaultMaxDelay.
	MaxDelay time.Duration
	// Pause is the wait between two downloads of Fetch; zero: none
	// ("referee fetch" sets DefaultPause).
	Pause time.Duration
	// Sleep waits d, or until ctx is done and then returns ctx.Err(); nil:
	// a timer. Tests record the waits instead.
	Sleep func(ctx context.Context, d time.Duration) error
	// Logf, when set, is told of each retry ("game 1: HTTP 429 Too Many
	// Requests; retrying in 2s (attempt 2 of 6)"), without a newline.
	Logf func(format string, args ...any)
}

// Game downloads game id's replay. It returns the body exactly as served,
// which is one of the shapes replay.Parse reads (the bare
// gameResult object, {"gameResult": ...} or {"success": ...}), and the
// replay parsed from it. Errors name the game: an HTTP status, the back-off
// giving up ("game 1: HTTP 429 Too Many Requests after 6 attempts"), or an
// answer that is not that game's replay (for an unknown id the API answers
// null or {"error": ...}), quoting its first 200 bytes.
func (c *Client) Game(ctx context.Context, id int64) ([]byte, *replay.Replay, error) {
	what := fmt.Sprintf("game %d", id)
	data, err := c.post(ctx, what, findByGameID, fmt.Appendf(nil, "[%d,null]", id))
	if err != nil {
		return nil, nil, err
	}
	r, err := replay.Parse(data)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: the API's answer is not a replay (%v): %s", what, err, snippet(data))
	}
	if got := r.GameResult.GameID; got != 0 && got != id {
		return nil, nil, fmt.Errorf("%s: the API served game %d instead", what, got)
	}
	return data, r, nil
}

// LastGames returns the ids of agent's last finished games, newest first as
// the API lists them, at most n of them (n <= 0: all it lists). Battles
// still being played are left out.
func (c *Client) LastGames(ctx context.Context, agent int64, n int) ([]int64, error) {
	what := fmt.Sprintf("agent %d", agent)
	data, err := c.post(ctx, what, findLastBattles, fmt.Appendf(nil, "[%d,null]", agent))
	if err != nil {
		return nil, err
	}
	ids, err := doneGames(data, n)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return ids, nil
}

// doneGames reads findLastBattlesByAgentId's answer, a JSON array of
// battles, and returns the first n done games' ids (n <= 0: all).
func doneGames(data []byte, n int) ([]int64, error) {
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		return nil, errors.New("the API answered null (no such agent?)")
	}
	var battles []struct {
		GameID *int64 `json:"gameId"`
		Done   bool   `json:"done"`
	}
	if err := json.Unmarshal(data, &battles); err != nil {
		return nil, fmt.Errorf("the API's answer is not a list of battles (%v): %s", err, snippet(data))
	}
	var ids []int64
	for i, b := range battles {
		if !b.Done {
			continue
		}
		if b.GameID == nil {
			return nil, fmt.Errorf("battle %d of the API's answer: done, but no gameId", i)
		}
		if n > 0 && len(ids) == n {
			break
		}
		ids = append(ids, *b.GameID)
	}
	return ids, nil
}

// post sends body to the service and returns the 2xx answer's body,
// retrying as the package doc says. what names the request in errors.
func (c *Client) post(ctx context.Context, what, service string, body []byte) ([]byte, error) {
	attempts := c.Attempts
	if attempts <= 0 {
		attempts = DefaultAttempts
	}
	url := strings.TrimSuffix(c.api(), "/") + service
	for attempt := 1; ; attempt++ {
		data, status, retryAfter, err := c.once(ctx, url, body)
		if ctx.Err() != nil {
			return nil, fmt.Errorf("%s: %w", what, ctx.Err())
		}
		var failure string
		switch {
		case err != nil:
			failure = "no answer (" + err.Error() + ")"
		case status >= 200 && status < 300:
			return data, nil
		case status == http.StatusTooManyRequests, status == http.StatusForbidden, status >= 500:
			failure = statusText(status)
		default:
			return nil, fmt.Errorf("%s: %s: %s", what, statusText(status), snippet(data))
		}
		if attempt >= attempts {
			if err != nil {
				return nil, fmt.Errorf("%s: %s after %d attempts", what, failure, attempts)
			}
			return nil, fmt.Errorf("%s: %s after %d attempts: %s", what, failure, attempts, snippet(data))
		}
		wait := retryAfter
		if wait < 0 {
			wait = c.backoff(attempt)
		}
		wait = min(wait, c.maxDelay())
		if c.Logf != nil {
			c.Logf("%s: %s; retrying in %v (attempt %d of %d)", what, failure, wait.Round(time.Millisecond), attempt+1, attempts)
		}
		if err := c.sleep(ctx, wait); err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
	}
}

// once makes one request. It returns the status and body of an answer
// (retryAfter: the wait the server asks for, or -1), or the error that
// kept the answer from coming.
func (c *Client) once(ctx context.Context, url string, body []byte) (data []byte, status int, retryAfter time.Duration, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, 0, -1, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	ua := c.UserAgent
	if ua == "" {
		ua = DefaultUserAgent
	}
	req.Header.Set("User-Agent", ua)
	hc := c.HTTP
	if hc == nil {
		hc = defaultHTTP
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, 0, -1, err
	}
	defer resp.Body.Close()
	data, err = io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return nil, 0, -1, fmt.Errorf("reading the answer: %w", err)
	}
	if len(data) > maxBody {
		return nil, 0, -1, fmt.Errorf("the answer is over %d MiB", maxBody>>20)
	}
	retryAfter = -1
	if d, ok := parseRetryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
		retryAfter = d
	}
	return data, resp.StatusCode, retryAfter, nil
}

// parseRetryAfter reads a Retry-After header: delay seconds or an HTTP
// date, taken from now. A date in the past is a wait of zero; an empty or
// unreadable header reports false.
func parseRetryAfter(h string, now time.Time) (time.Duration, bool) {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0, false
	}
	if s, err := strconv.ParseUint(h, 10, 63); err == nil {
		if s > uint64(time.Duration(1<<63-1)/time.Second) {
			return time.Duration(1<<63 - 1), true
		}
		return time.Duration(s) * time.Second, true
	}
	t, err := http.ParseTime(h)
	if err != nil {
		return 0, false
	}
	if d := t.Sub(now); d > 0 {
		return d, true
	}
	return 0, true
}

// backoff returns the wait after failed attempt n (1, 2, ...): BaseDelay
// doubled n-1 times, capped at MaxDelay, then jittered to between half and
// all of that.
func (c *Client) backoff(n int) time.Duration {
	base := c.BaseDelay
	if base <= 0 {
		base = DefaultBaseDelay
	}
	limit := c.maxDelay()
	d := base
	for i := 1; i < n && d < limit; i++ {
		d *= 2
	}
	d = min(d, limit)
	half := d / 2
	return half + rand.N(d-half+1)
}

func (c *Client) maxDelay() time.Duration {
	if c.MaxDelay <= 0 {
		return DefaultMaxDelay
	}
	return c.MaxDelay
}

func (c *Client) api() string {
	if c.API == "" {
		return DefaultAPI
	}
	return c.API
}

func (c *Client) sleep(ctx context.Context, d time.Duration) error {
	if c.Sleep != nil {
		return c.Sleep(ctx, d)
	}
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// statusText is "HTTP 429 Too Many Requests".
func statusText(code int) string {
	if t := http.StatusText(code); t != "" {
		return fmt.Sprintf("HTTP %d %s", code, t)
	}
	return fmt.Sprintf("HTTP %d", code)
}

// snippet quotes the first 200 bytes of an answer on one line: white space
// runs become one space, other control characters and invalid UTF-8 a
// replacement character, and a cut is marked with "...".
func snippet(data []byte) string {
	if len(bytes.TrimSpace(data)) == 0 {
		return "an empty answer"
	}
	cut := len(data) > snippetLen
	if cut {
		data = data[:snippetLen]
	}
	s := strings.Join(strings.Fields(strings.ToValidUTF8(string(data), string(utf8.RuneError))), " ")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return utf8.RuneError
		}
		return r
	}, s)
	if cut {
		s += "..."
	}
	return s
}
