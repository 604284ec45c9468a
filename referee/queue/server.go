package queue

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// ServerConfig configures Start.
type ServerConfig struct {
	// Listen is the address, host:port; port 0 picks a free one. A host
	// that is not a loopback address (or empty: every interface) needs
	// Token.
	Listen string
	// StoreDir is the folder of JetStream's files: the queue, results,
	// runs, bots and replays survive a restart from it.
	StoreDir string
	// Token, when set, is required of every client.
	Token string
	// Limits sizes the queue; the zero value is DefaultLimits.
	Limits Limits
}

// Server is a running embedded NATS server with JetStream and the
// queue's streams.
type Server struct {
	ns *server.Server
}

// ErrNeedToken is the error of a server asked to listen beyond this
// machine without a token.
var ErrNeedToken = errors.New("listening on an address other than loopback needs a token (-token), or anyone who reaches the port can run commands on the workers")

// Start starts the server and creates the queue's streams (Setup).
func Start(c ServerConfig) (*Server, error) {
	host, portText, err := net.SplitHostPort(c.Listen)
	if err != nil {
		return nil, fmt.Errorf("listen %q: %w", c.Listen, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("listen %q: bad port", c.Listen)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	if !isLoopback(host) && c.Token == "" {
		return nil, fmt.Errorf("listen %q: %w", c.Listen, ErrNeedToken)
	}
	if c.StoreDir == "" {
		return nil, errors.New("no store folder")
	}
	if host == "" {
		host = "0.0.0.0"
	}
	ns, err := server.NewServer(&server.Options{
		ServerName:    "impulse",
		Host:          host,
		Port:          port,
		JetStream:     true,
		StoreDir:      c.StoreDir,
		Authorization: c.Token,
		NoSigs:        true,
		// Room for a game's result with its record; replays and bots go
		// through the object store in chunks.
		MaxPayload: 8 << 20,
	})
	if err != nil {
		return nil, err
	}
	ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("listen %q: the NATS server did not start", c.Listen)
	}
	s := &Server{ns: ns}
	cl, err := Dial(s.URL(), c.Token)
	if err != nil {
		s.Shutdown()
		return nil, err
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := Setup(ctx, cl.js, c.Limits); err != nil {
		s.Shutdown()
		return nil, err
	}
	return s, nil
}

// URL returns the address clients dial: nats://HOST:PORT.
func (s *Server) URL() string { return s.ns.ClientURL() }

// Addr returns the address the server listens on.
func (s *Server) Addr() *net.TCPAddr {
	a, _ := s.ns.Addr().(*net.TCPAddr)
	return a
}

// Shutdown stops the server and waits until it has, its files written.
func (s *Server) Shutdown() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
}

// isLoopback reports whether host only reaches this machine.
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
