//go:build browser

package browsertest

import (
	"context"
	"crypto/rand"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

const (
	// chromiumPath is Debian's launcher script for Chromium; the stage
	// judges sanitiser output in the browser that package installs.
	chromiumPath = "/usr/bin/chromium"

	// optionalEnv, set to 1, turns a missing browser into a skip. Without
	// it a missing browser fails the run, so CI cannot pass the browser
	// stage by not running it.
	optionalEnv = "HTMLCLEAN_BROWSER_OPTIONAL"

	// beaconHost is the attacker origin of the controls. It is under the
	// reserved .test TLD (RFC 6761 §6.2), so it cannot be a real site.
	beaconHost = "beacon.htmlclean.test"

	// bindingName is the CDP binding detect.js reports through.
	bindingName = "__htmlcleanHit"
)

var (
	//go:embed testdata/detect.js
	detectSource string
	//go:embed testdata/interact.js
	interactSource string

	// harnessURLPrefix names the harness's own scripts (their
	// //# sourceURL), which the script detector ignores. It is random
	// so that no fragment can give its own script that name.
	harnessURLPrefix = "htmlclean-harness-" + rand.Text() + "/"

	detectJS   = detectSource + "\n//# sourceURL=" + harnessURLPrefix + "detect.js\n"
	interactJS = interactSource + "\n//# sourceURL=" + harnessURLPrefix + "interact.js\n"
)

// remoteBody answers every request to a non-loopback URL. It is a script,
// so <script src=//evil/x.js> and <base href=//evil/> + <script src=x.js>
// execute as they would against a live attacker server; an image, frame or
// stylesheet that gets it shows nothing and runs nothing.
const remoteBody = `alert("htmlclean: remote script " + (document.currentScript ? document.currentScript.src : location.href));`

// chromiumFlags are the command-line switches of the browser. Beyond the
// ones every headless run needs, they keep Chromium off the network: the
// machine has none, and a lookup or connection that waits for a timeout
// would stall the fragment that made it.
func chromiumFlags(proxyURL string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("hide-scrollbars", true),
		// Every tab is a window of its own and is rendered; timers of
		// windows the system thinks hidden must not be slowed down, or
		// the settle times below stop meaning anything.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-hang-monitor", true),
		// The omnibox popup is a WebUI page per window that re-renders on
		// every navigation: it cost about as much CPU as the fragments'
		// own renderers. Without the back/forward cache a fragment the
		// tab leaves is unloaded, not kept alive and frozen. The rest is
		// background traffic the proxy would only have to refuse.
		chromedp.Flag("disable-features", "WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,BackForwardCache,AutofillServerCommunication,OptimizationHints,MediaRouter,Translate,CertificateTransparencyComponentUpdater,InterestFeedContentSuggestions"),
		// No name resolves except the loopback address, so nothing
		// waits on DNS.
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"),
		// Everything that is not loopback (Chromium bypasses proxies for
		// loopback by itself) goes to a recorder on loopback that refuses
		// it, whatever the host: names, IP literals, requests of frames
		// and workers the tabs' Fetch interception does not see, and the
		// browser's own.
		chromedp.Flag("proxy-server", proxyURL),
		// WebRTC would send UDP around the proxy.
		chromedp.Flag("force-webrtc-ip-handling-policy", "disable_non_proxied_udp"),
	}
}

// errNoBrowser reports that chromiumPath is not installed.
var errNoBrowser = errors.New("browsertest: " + chromiumPath + " not found; install it with: apt-get install -y chromium chromium-driver")

// harness is one Chromium process, the loopback servers it talks to and a
// set of tabs that load fragments in parallel. Its methods are safe for
// concurrent use.
type harness struct {
	browser context.Context // the chromedp context that owns the process
	cancel  context.CancelFunc
	site    *httptest.Server // serves the fragment pages
	proxy   *httptest.Server // receives any traffic that is not loopback

	mu       sync.Mutex
	records  map[int64]*record // fragments by id, for the lifetime of the harness
	nextID   int64
	offsite  []string        // what the proxy saw, as "METHOD URL"
	answered map[string]bool // host:port of remote requests the tabs answered
	browserL []string        // chromedp's own log lines
	tabs     chan *tab
}

// numTabs is the number of fragments loaded at once. A fragment spends
// much of its time waiting (load, settle times), so more tabs than the
// machine's two cores pays off until the cores are busy: on the controls,
// 1 tab took 173 ms per fragment, 3 tabs 80 ms and 6 tabs 64 ms, and the
// browser process alone then spends about 40 ms of CPU per navigation.
const numTabs = 6

// newHarness starts Chromium and the loopback servers.
func newHarness() (*harness, error) {
	if _, err := os.Stat(chromiumPath); errors.Is(err, fs.ErrNotExist) {
		return nil, errNoBrowser
	}
	h := &harness{records: map[int64]*record{}, answered: map[string]bool{}, tabs: make(chan *tab, numTabs)}
	h.site = httptest.NewServer(http.HandlerFunc(h.serveSite))
	h.proxy = httptest.NewServer(http.HandlerFunc(h.serveProxy))
	opts := chromiumFlags(h.proxy.URL)
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	logf := func(format string, args ...any) {
		h.mu.Lock()
		defer h.mu.Unlock()
		h.browserL = append(h.browserL, fmt.Sprintf(format, args...))
	}
	ctx, cancel := chromedp.NewContext(allocCtx, chromedp.WithLogf(logf), chromedp.WithErrorf(logf))
	h.browser = ctx
	h.cancel = func() { cancel(); allocCancel() }
	if err := chromedp.Do(ctx); err != nil {
		h.close()
		return nil, fmt.Errorf("browsertest: starting %s: %w", chromiumPath, err)
	}
	for range numTabs {
		tb, err := newTab(h)
		if err != nil {
			h.close()
			return nil, err
		}
		h.tabs <- tb
	}
	return h, nil
}

// close stops the browser and the servers.
func (h *harness) close() {
	h.cancel()
	h.site.Close()
	h.proxy.Close()
}

// pagePrefix is the path of fragment pages; the id follows it.
const pagePrefix = "/f/"

// serveSite serves fragment pages. The fragment sits in <body> of a
// standards-mode document, the context a sanitiser's output is pasted into.
func (h *harness) serveSite(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	id, err := strconv.ParseInt(strings.TrimPrefix(r.URL.Path, pagePrefix), 10, 64)
	h.mu.Lock()
	rec := h.records[id]
	h.mu.Unlock()
	// Only the tab's own navigation (Page.navigate: no initiator, so
	// Sec-Fetch-Site "none") gets a fragment; a fragment that frames or
	// links "/f/1" gets a 404, not another fragment's page, whose events
	// would then count for that other fragment.
	ours := r.Header.Get("Sec-Fetch-Site") == "none" && r.Header.Get("Sec-Fetch-Dest") == "document"
	if !strings.HasPrefix(r.URL.Path, pagePrefix) || err != nil || rec == nil || !ours {
		// Relative URLs in fragments land here; an empty 404 makes
		// them fail fast (onerror fires) and runs nothing.
		w.WriteHeader(http.StatusNotFound)
		return
	}
	if rec.docType != "" {
		// A document of its own (an SVG file opened in the tab).
		w.Header().Set("Content-Type", rec.docType)
		fmt.Fprint(w, rec.html)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// Requests from the page then carry its full URL, which names the
	// fragment even when they arrive after the tab moved on.
	w.Header().Set("Referrer-Policy", "unsafe-url")
	fmt.Fprintf(w, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>fragment %d</title></head><body>\n%s\n</body></html>\n", id, rec.html)
}

// serveProxy is Chromium's proxy: it records and refuses every request.
// The tabs answer their own requests (Fetch interception), so what arrives
// here came from somewhere the tabs do not see, such as an out-of-process
// frame or the browser itself; the proxy cannot tell which fragment caused
// it, so it is logged, never counted as a hit.
func (h *harness) serveProxy(w http.ResponseWriter, r *http.Request) {
	target := r.URL.String()
	if r.Method == http.MethodConnect {
		target = "https://" + r.Host + "/"
	}
	h.mu.Lock()
	h.offsite = append(h.offsite, r.Method+" "+target)
	h.mu.Unlock()
	http.Error(w, "htmlclean browsertest: no network", http.StatusForbidden)
}

// answeredRemote remembers that a tab answered a request to u's origin.
func (h *harness) answeredRemote(u string) {
	if hp := hostPort(u); hp != "" {
		h.mu.Lock()
		h.answered[hp] = true
		h.mu.Unlock()
	}
}

// escaped reports whether a proxy log line is a request that should have
// been answered in a tab. Chromium's own background traffic is not, and
// neither is a CONNECT to an origin a tab answered a request for: that is
// the speculative preconnect Chromium opens next to a navigation, which
// carries no request.
func (h *harness) escaped(line string) bool {
	method, u, _ := strings.Cut(line, " ")
	host := hostOf(u)
	for _, bg := range []string{".google.com", ".googleapis.com", ".gstatic.com", ".googleusercontent.com"} {
		if strings.HasSuffix(host, bg) {
			return false
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return method != http.MethodConnect || !h.answered[hostPort(u)]
}

// hostPort returns u's host:port with the scheme's default port, or "".
func hostPort(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return ""
	}
	port := p.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443"}[strings.ToLower(p.Scheme)]
	}
	return net.JoinHostPort(strings.ToLower(p.Hostname()), port)
}

// browserLog returns what chromedp logged about the browser so far.
func (h *harness) browserLog() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.browserL...)
}

// proxyLog returns what reached the proxy so far.
func (h *harness) proxyLog() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.offsite...)
}

// fragmentID returns the id in a fragment page URL, if u is one.
func (h *harness) fragmentID(u string) (int64, bool) {
	rest, ok := strings.CutPrefix(u, h.site.URL+pagePrefix)
	if !ok {
		return 0, false
	}
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	id, err := strconv.ParseInt(rest, 10, 64)
	return id, err == nil
}

// isLoopback reports whether a request to raw stays on this machine.
func isLoopback(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	ip := net.ParseIP(u.Hostname())
	return ip != nil && ip.IsLoopback()
}

// newRecord registers a fragment, or with docType a document of that
// type, and returns its record.
func (h *harness) newRecord(html, docType string) *record {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.nextID++
	rec := &record{id: h.nextID, html: html, docType: docType}
	h.records[rec.id] = rec
	return rec
}

// forget drops finished records, so a long run does not keep every page.
func (h *harness) forget(recs []*record) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, r := range recs {
		delete(h.records, r.id)
	}
}

// run loads every fragment in the harness's tabs and returns one Result
// per fragment, in order. A tab that hangs or dies is replaced and its
// fragment tried once more in the new tab. The error reports fragments
// that could not be judged at all, because the browser went away.
func (h *harness) run(ctx context.Context, htmls []string) ([]Result, error) {
	return h.runAs(ctx, htmls, "")
}

// runAs is run for documents of their own, served as docType (an SVG
// file: "image/svg+xml"), or fragments with docType "".
func (h *harness) runAs(ctx context.Context, htmls []string, docType string) ([]Result, error) {
	recs := make([]*record, len(htmls))
	for i, s := range htmls {
		recs[i] = h.newRecord(s, docType)
	}
	work := make(chan *record)
	var wg sync.WaitGroup
	for range numTabs {
		wg.Go(func() {
			tb := <-h.tabs
			for rec := range work {
				if tb == nil {
					rec.mark(h, func(r *record) { r.lost = true })
					continue
				}
				tb = h.load(tb, rec)
			}
			// A nil tab goes back too, so later runs see the loss
			// instead of waiting for a tab that never comes.
			h.tabs <- tb
		})
	}
	for _, rec := range recs {
		select {
		case work <- rec:
		case <-ctx.Done():
		}
	}
	close(work)
	wg.Wait()
	// Events that name their fragment can land after the tab moved on;
	// give the last fragments' a moment too.
	time.Sleep(settleQuiet)
	out := make([]Result, len(recs))
	var lost int
	for i, rec := range recs {
		out[i] = rec.result(h)
		if out[i].Lost {
			lost++
		}
	}
	h.forget(recs)
	if lost > 0 {
		return out, fmt.Errorf("browsertest: %d of %d fragments not loaded: the browser is gone", lost, len(recs))
	}
	if err := ctx.Err(); err != nil {
		return out, fmt.Errorf("browsertest: run interrupted: %w", err)
	}
	return out, nil
}

// load runs one fragment and returns the tab to use next, which is a new
// one when tb broke. A fragment that broke the tab without a signal gets
// a second try in the new tab, because the previous fragment may have
// left the renderer busy; one that breaks a fresh tab too is hung itself.
func (h *harness) load(tb *tab, rec *record) *tab {
	for attempt := 1; ; attempt++ {
		err := tb.load(rec)
		if err == nil {
			return tb
		}
		rec.note(h, fmt.Sprintf("attempt %d: tab replaced: %v", attempt, err))
		tb.close()
		tb = h.replaceTab(rec)
		if tb == nil {
			rec.mark(h, func(r *record) { r.lost = true })
			return nil
		}
		if attempt == 2 {
			rec.mark(h, func(r *record) { r.broken = true })
			return tb
		}
		if rec.result(h).Executed() {
			return tb
		}
	}
}

// replaceTab opens a tab to replace a broken one. It returns nil when the
// browser is gone, which nothing later can recover from.
func (h *harness) replaceTab(rec *record) *tab {
	for {
		tb, err := newTab(h)
		if err == nil {
			return tb
		}
		if h.browser.Err() != nil {
			rec.note(h, "browser lost: "+err.Error())
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// testState is the harness shared by the tests of one `go test` process.
// TestMain closes it; the first test that needs it starts it and runs the
// controls, so every run judges the harness before trusting it.
var testState struct {
	once     sync.Once
	h        *harness
	err      error
	controls *controlReport
}

// shared returns the started harness and the controls' report, skipping
// or failing tb when the browser cannot run.
func shared(tb testing.TB) (*harness, *controlReport) {
	tb.Helper()
	testState.once.Do(func() {
		testState.h, testState.err = newHarness()
		if testState.err == nil {
			testState.controls, testState.err = runControls(testState.h)
		}
	})
	if errors.Is(testState.err, errNoBrowser) && os.Getenv(optionalEnv) == "1" {
		tb.Skipf("%v (%s=1, so skipping)", testState.err, optionalEnv)
	}
	if testState.err != nil {
		tb.Fatal(testState.err)
	}
	return testState.h, testState.controls
}

// ready is shared for tests that trust the harness: it fails tb when a
// control went wrong, because then no verdict of the harness means much.
func ready(tb testing.TB) *harness {
	tb.Helper()
	h, cr := shared(tb)
	if f := cr.failures(); f != "" {
		tb.Fatalf("browser controls failed, so the harness cannot be trusted; see TestControls:\n%s", f)
	}
	return h
}

// TestMain stops the shared browser after the tests; the controls run
// when the first test asks for the harness, not here, so that a run of
// tests that need no browser (-run TestProbe without its file) starts none.
func TestMain(m *testing.M) {
	code := m.Run()
	if testState.h != nil {
		testState.h.close()
	}
	os.Exit(code)
}
