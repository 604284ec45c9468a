package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"impulse/referee/replay"
	"impulse/referee/view"
)

// defaultViewAddr is where "referee view" listens unless told otherwise;
// when that port is taken, it takes any free loopback port.
const defaultViewAddr = "127.0.0.1:8377"

const viewUsage = `usage: referee view [-addr HOST:PORT] [-diff=false] [PATH...]
       referee view -o FILE.html [-diff=false] REPLAY

Serves, on a loopback address it prints, a page that lists the replays under
PATH (files, or folders searched for *.json; default: the folder the last
"referee match" wrote its replays to) and plays any of them: both games drawn
to scale, each bot's output, messages, stderr and response times, the end
reason. It reads CodinGame's own replay JSON as well as ours.

Each replay is also replayed through our referee (as "referee diff" does):
when they part, the page opens at the first mismatching turn, draws our state
over the official one as dashed ghosts and lists the differing fields.

With -o, writes one self-contained HTML file of one replay instead (page,
replay and diff inline; it opens from file:// with no server), to share.

Keys on the page: Space play/pause, Left/Right step a turn, Home/End first
and last turn, +/- speed.

Flags:
`

// runView is "referee view".
func runView(args []string, stdout io.Writer) error {
	flags := flag.NewFlagSet("view", flag.ContinueOnError)
	addr := flags.String("addr", defaultViewAddr, "loopback `address` to serve on (port 0: any free port)")
	out := flags.String("o", "", "write a self-contained page of one replay to `FILE.html` instead of serving")
	diff := flags.Bool("diff", true, "replay each replay through our referee and show the first mismatch")
	flags.Usage = func() {
		fmt.Fprint(flags.Output(), viewUsage)
		flags.PrintDefaults()
	}
	if ok, err := parseFlags(flags, args, stdout); !ok {
		return err
	}
	paths := flags.Args()
	if len(paths) == 0 {
		dir, err := recordedReplaysDir()
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return usageError{"view: no replay given, and no match has recorded a replays folder yet; try: referee view replays/"}
			}
			return fmt.Errorf("view: %w", err)
		}
		paths = []string{dir}
	}
	files, err := replay.Files(paths)
	if err != nil {
		return fmt.Errorf("view: %w", err)
	}
	if *out != "" {
		return exportView(*out, paths, files, *diff, stdout)
	}
	return serveView(*addr, !isSet(flags, "addr"), paths, files, *diff, stdout)
}

// exportView writes the self-contained page of the one replay of files
// (found under paths) to out.
func exportView(out string, paths, files []string, diff bool, stdout io.Writer) error {
	if len(files) != 1 {
		return usageError{fmt.Sprintf("view -o: give exactly one replay; %v holds %d", paths, len(files))}
	}
	if err := view.ExportFile(out, files[0], diff); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (replay %s)\n", out, files[0])
	return nil
}

// serveView serves the viewer of the replays under paths (files) on the
// loopback address addr, or with fallback any free port, until Ctrl-C.
func serveView(addr string, fallback bool, paths, files []string, diff bool, stdout io.Writer) error {
	ln, err := listenLoopback(addr, fallback)
	if err != nil {
		return fmt.Errorf("view: %w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := &http.Server{
		Handler:           view.NewServer(paths, view.Options{NoDiff: !diff}),
		ReadHeaderTimeout: 10 * time.Second,
	}
	fmt.Fprintf(stdout, "viewing %d replays under %v at http://%s/ (Ctrl-C to stop)\n", len(files), paths, ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("view: %w", err)
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	srv.Shutdown(shut)
	<-errc
	return nil
}

// listenLoopback listens on addr, which must be a loopback address: the
// server shows the files under its paths to whoever connects. With
// fallback, a taken port gives way to any free one.
func listenLoopback(addr string, fallback bool) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("-addr %q: %w", addr, err)
	}
	if host != "localhost" {
		ip := net.ParseIP(host)
		if ip == nil || !ip.IsLoopback() {
			return nil, fmt.Errorf("-addr %q: not a loopback address (127.0.0.1, ::1 or localhost)", addr)
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil && fallback && errors.Is(err, syscall.EADDRINUSE) {
		ln, err = net.Listen("tcp", net.JoinHostPort(host, "0"))
	}
	return ln, err
}
