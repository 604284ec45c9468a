// Package browsertest starts headless Chromium for the tests of the pages
// the referee writes (the replay viewer, the match report), and keeps
// what they saw. Tests only: it skips a test when no Chromium is found.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Path finds a Chromium or Chrome binary: $IMPULSE_CHROMIUM, else the
// usual names on $PATH; "" for none.
func Path() string {
	if p := os.Getenv("IMPULSE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// New starts a headless Chromium for one test, closed at its end (and
// within 60 s); it skips the test, saying how to install one, when none is
// found.
func New(t *testing.T) context.Context {
	t.Helper()
	path := Path()
	if path == "" {
		t.Skip("browser test skipped: no Chromium found (looked for $IMPULSE_CHROMIUM, chromium, chromium-browser, google-chrome); install it with: apt-get install -y chromium")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1500, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() {
		cancelTime()
		cancelTab()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatalf("starting %s: %v", path, err)
	}
	return ctx
}

// Dir is where the browser tests save what they saw: $IMPULSE_SCREENSHOTS,
// else $TMPDIR/impulse-view.
func Dir(t *testing.T) string {
	dir := os.Getenv("IMPULSE_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "impulse-view")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Screenshot saves the page as it is now into Dir as name (a .png).
func Screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(90))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	path := filepath.Join(Dir(t), name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}
