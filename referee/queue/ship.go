package queue

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"net/url"

	"impulse/referee/match"
)

// CheckURL reports an error for a server address that is not
// nats://HOST:PORT, the form Server.URL returns and "referee server"
// prints.
func CheckURL(server string) error {
	u, err := url.Parse(server)
	if err != nil || u.Scheme != "nats" || u.Hostname() == "" || u.Port() == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return fmt.Errorf("%q: want nats://HOST:PORT, the address referee server prints", server)
	}
	return nil
}

// Shipper sends the players of a match, or of a tuning run's pairs, to
// the queue's workers (Client.Ship), and makes the runs that play them.
type Shipper struct {
	Client *Client
	// Builtin are the words that run a built-in bot here (this program
	// and "bot"): a player whose command starts with them travels by
	// name.
	Builtin []string
	// Warn, when set, receives each warning of Ship (what does not
	// travel) with the label of its player.
	Warn func(label, warning string)
}

// DialShipper connects to the server at url with token (Dial) and
// returns the Shipper of a program whose built-in bots run with builtin.
func DialShipper(url, token string, builtin []string) (*Shipper, error) {
	c, err := Dial(url, token)
	if err != nil {
		return nil, err
	}
	return &Shipper{Client: c, Builtin: builtin}, nil
}

// Close closes the connection.
func (s *Shipper) Close() { s.Client.Close() }

// Ship ships p, the player its user knows by label (a flag: -p1, -bot),
// telling Warn its warnings; an error names label.
func (s *Shipper) Ship(ctx context.Context, label string, p match.Player) (Bot, error) {
	b, warnings, err := s.Client.Ship(ctx, p, s.Builtin)
	if s.Warn != nil {
		for _, w := range warnings {
			s.Warn(label, w)
		}
	}
	if err != nil {
		return b, fmt.Errorf("%s: %w", label, err)
	}
	return b, nil
}

// Remote returns the runner of a match's run id (NewRunID for a new
// run), its players shipped with the labels -p1 and -p2; log, when not
// nil, is the Remote's Log.
func (s *Shipper) Remote(ctx context.Context, id string, players [2]match.Player, log io.Writer) (*Remote, error) {
	r := &Remote{Client: s.Client, ID: id, Log: log}
	for i, p := range players {
		b, err := s.Ship(ctx, fmt.Sprintf("-p%d", i+1), p)
		if err != nil {
			return nil, err
		}
		r.Players[i] = b
	}
	return r, nil
}

// NamedRemote returns the runner of the run of players named after them:
// its id is name, a dash and 8 hex digits of the sha256 of key and of the
// players as shipped, so that the same players with the same key name
// the same run, which it starts or resumes (StartOrResume). A tuning run
// names each pair so: a pair played again after the tuner restarted
// finds its finished games. Ship's warnings are not told again.
func (s *Shipper) NamedRemote(ctx context.Context, name, key string, players [2]match.Player) (*Remote, error) {
	r := &Remote{Client: s.Client, StartOrResume: true}
	h := sha256.New()
	io.WriteString(h, key)
	for i, p := range players {
		b, _, err := s.Client.Ship(ctx, p, s.Builtin)
		if err != nil {
			return nil, err
		}
		r.Players[i] = b
		json.NewEncoder(h).Encode(b)
	}
	r.ID = fmt.Sprintf("%s-%x", name, h.Sum(nil)[:4])
	return r, nil
}
