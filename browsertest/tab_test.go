//go:build browser

package browsertest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/debugger"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Time bounds of one fragment, set from the phase times TestControls and
// TestRawCorpus log (timingReport) on the 2-core machine with six tabs.
// Quiet, the load event came at p50 125 ms, p99 440 ms, max 660 ms; the
// interactions took p50 22 ms, p99 90 ms, max 460 ms; a whole fragment
// took p50 285 ms, p99 660 ms. With two fuzzers running next to it the
// maxima grew to 3.2 s (load) and 2 s (interactions).
const (
	// loadWait bounds the wait for the load event; the interactions start
	// after it whether or not the event came. Remote subresources are
	// answered in the tab, so only a page that keeps the parser or the
	// CPU busy gets near it.
	loadWait = 1500 * time.Millisecond
	// settleBefore follows the load event: SMIL begin=0s animations of an
	// href must have applied before the clicks. (Autofocus, <details
	// open> and CSS animation events fire by themselves about now, and
	// the handler dispatch fires them again in any case.)
	settleBefore = 60 * time.Millisecond
	// After the interactions the tab waits until it has sent no CDP
	// event for settleQuiet, but at most settleMax: a javascript: link
	// or form queues its navigation as a task, and what that runs can
	// start a chain (a javascript: URL whose result is a document with an
	// onload). An inert page is quiet at once; a busy one keeps the tab
	// waiting while it is busy. With a fixed 60 ms wait instead, one
	// signal arrived 59 ms after the interactions on a loaded machine.
	settleQuiet = 40 * time.Millisecond
	settleMax   = 400 * time.Millisecond
	// interactLimit bounds the interaction script; V8 then terminates it
	// together with any page code it is stuck in.
	interactLimit = 3 * time.Second
	// fragmentLimit bounds the whole fragment (loadWait, the settle times
	// and interactLimit fit in it). A tab that exceeds it is hung: its
	// script is terminated and the tab replaced.
	fragmentLimit = 6 * time.Second
)

// tab is one browser tab that loads fragments one after another.
type tab struct {
	h      *harness
	ctx    context.Context
	cancel context.CancelFunc
	t      *chromedp.Target

	mu     sync.Mutex
	cur    *record // fragment whose events arrive now
	loaded chan struct{}
	// lastEvent is when the tab last sent an event, in Unix nanoseconds.
	lastEvent atomic.Int64
}

// newTab opens a tab and installs the detectors in it.
func newTab(h *harness) (*tab, error) {
	tb := &tab{h: h, loaded: make(chan struct{}, 1)}
	tb.ctx, tb.cancel = chromedp.NewContext(h.browser, chromedp.WithListener(tb.onEvent))
	t, err := chromedp.Run(tb.ctx, func(ctx context.Context, t *chromedp.Target) (*chromedp.Target, error) {
		return t, nil
	})
	if err != nil {
		tb.cancel()
		return nil, fmt.Errorf("browsertest: opening a tab: %w", err)
	}
	tb.t = t
	if err := tb.setup(); err != nil {
		tb.cancel()
		return nil, fmt.Errorf("browsertest: setting up a tab: %w", err)
	}
	return tb, nil
}

// setup turns off the domains chromedp enables for its element queries
// and its frame bookkeeping (they cost a DOM snapshot and a burst of events
// per navigation, and nothing here uses them) and turns on the detectors.
func (tb *tab) setup() error {
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	steps := []struct {
		method string
		params any
	}{
		{css.CommandDisable, nil},
		{dom.CommandDisable, nil},
		{log.CommandDisable, nil},
		{network.CommandDisable, nil},
		{page.CommandSetLifecycleEventsEnabled, page.SetLifecycleEventsEnabledParams{Enabled: false}},
		{runtime.CommandAddBinding, runtime.AddBindingParams{Name: bindingName}},
		{page.CommandAddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: detectJS}},
		{debugger.CommandEnable, debugger.EnableParams{}},
		// A `debugger;` statement in a fragment must not stop the tab.
		{debugger.CommandSetSkipAllPauses, debugger.SetSkipAllPausesParams{Skip: true}},
		// Every request pauses in the tab: loopback ones go on, all
		// others are answered with remoteBody and never leave.
		{fetch.CommandEnable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}}},
	}
	for _, s := range steps {
		if err := tb.t.Call(ctx, s.method, s.params, nil); err != nil {
			return fmt.Errorf("%s: %w", s.method, err)
		}
	}
	return nil
}

// close closes the tab; a hung renderer is killed with it.
func (tb *tab) close() { tb.cancel() }

// current returns the record that events without a page URL belong to.
func (tb *tab) current() *record {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.cur
}

// hit attributes sig to the fragment whose page URL is u, or else to the
// tab's current fragment. Events of a page arrive in order, but a page
// that unloads after the next one committed (a process swap, a keepalive
// request) can still report, and its URL then names the right fragment.
// An event of a fragment whose run is over is dropped.
func (tb *tab) hit(u string, sig Signal) {
	rec := tb.current()
	if id, ok := tb.h.fragmentID(u); ok {
		tb.h.mu.Lock()
		rec = tb.h.records[id]
		tb.h.mu.Unlock()
	}
	if rec != nil {
		rec.add(tb.h, sig)
	}
}

// note adds a non-hit observation to the current fragment.
func (tb *tab) note(s string) {
	if rec := tb.current(); rec != nil {
		rec.note(tb.h, s)
	}
}

// onEvent turns CDP events into signals. It runs on the tab's message
// loop, so it only records and hands slow work to goroutines.
func (tb *tab) onEvent(ev any) {
	tb.lastEvent.Store(time.Now().UnixNano())
	switch e := ev.(type) {
	case *runtime.EventBindingCalled:
		if e.Name != bindingName {
			return
		}
		var p struct{ Fn, Args, URL string }
		if err := json.Unmarshal([]byte(e.Payload), &p); err != nil {
			tb.hit("", Signal{kindDialog, "unparsed report " + e.Payload})
			return
		}
		tb.hit(p.URL, Signal{kindDialog, fmt.Sprintf("%s(%s) in %s", p.Fn, p.Args, p.URL)})
	case *page.EventJavascriptDialogOpening:
		tb.hit(e.URL, Signal{kindDialog, fmt.Sprintf("%s dialog %q opened in %s", e.Type, e.Message, e.URL)})
		go tb.dismiss(e.Type)
	case *debugger.EventScriptParsed:
		if strings.HasPrefix(e.URL, harnessURLPrefix) {
			return
		}
		if strings.HasPrefix(e.URL, "chrome-error://") {
			// Chromium's own error page, shown when a navigation failed
			// (the fragment's own load, once, on a loaded machine: see
			// harness.load, which retries it). No page code runs there.
			tb.note("Chromium error page: " + trim(e.URL, 120))
			return
		}
		where := e.URL
		if where == "" {
			where = "a document without URL"
		}
		tb.hit(e.URL, Signal{kindScript, fmt.Sprintf("%d chars compiled in %s", e.Length, where)})
	case *page.EventFrameRequestedNavigation:
		tb.navigation(e.URL, string(e.Reason))
	case *page.EventFrameStartedNavigating:
		tb.navigation(e.URL, string(e.NavigationType))
	case *page.EventFrameNavigated:
		tb.navigation(e.Frame.URL, "committed")
		if e.Frame.ParentID == "" {
			if _, ok := tb.h.fragmentID(e.Frame.URL); !ok {
				tb.note("top frame navigated away to " + trim(e.Frame.URL, 120))
			}
		}
	case *fetch.EventRequestPaused:
		go tb.answer(e)
	case *page.EventLoadEventFired:
		select {
		case tb.loaded <- struct{}{}:
		default:
		}
	case *inspector.EventTargetCrashed:
		tb.note("renderer crashed")
	}
}

// navigation records a navigation to a script-capable URL.
func (tb *tab) navigation(u, how string) {
	if scriptScheme(u) {
		tb.hit("", Signal{kindNavigation, fmt.Sprintf("%s (%s)", trim(u, 200), how)})
	}
}

// dismiss closes a JavaScript dialog, which blocks its renderer until
// answered. beforeunload is accepted so a navigation is not held up.
func (tb *tab) dismiss(typ page.DialogType) {
	ctx, cancel := context.WithTimeout(tb.ctx, fragmentLimit)
	defer cancel()
	_, _ = cdp.Call(ctx, tb.t, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: typ == page.DialogTypeBeforeunload})
}

// answer releases a paused request: loopback goes on to the harness's
// server, a request for the network gets remoteBody without touching it.
func (tb *tab) answer(e *fetch.EventRequestPaused) {
	ctx, cancel := context.WithTimeout(tb.ctx, fragmentLimit)
	defer cancel()
	u := e.Request.URL
	if isLoopback(u) || !networkScheme(u) {
		// Loopback is the harness's own server; data:, blob: and the
		// like never leave the browser.
		_, _ = cdp.Call(ctx, tb.t, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: e.RequestID})
		return
	}
	tb.h.answeredRemote(u)
	if host := hostOf(u); host == beaconHost {
		// The fragment pages send their full URL as Referer (see
		// serveSite), so a beacon sent while the page unloads, such as
		// navigator.sendBeacon's, still names its fragment.
		tb.hit(referer(e.Request.Headers), Signal{kindBeacon, fmt.Sprintf("%s %s (%s)", e.Request.Method, trim(u, 200), e.ResourceType)})
	} else {
		tb.note(fmt.Sprintf("remote %s %s answered by the harness", e.ResourceType, trim(u, 120)))
	}
	_, _ = cdp.Call(ctx, tb.t, fetch.FulfillRequest, fetch.FulfillRequestParams{
		RequestID:    e.RequestID,
		ResponseCode: 200,
		ResponseHeaders: []*fetch.HeaderEntry{
			{Name: "Content-Type", Value: "text/javascript; charset=utf-8"},
			{Name: "Cache-Control", Value: "no-store"},
		},
		Body: []byte(remoteBody),
	})
}

// networkScheme reports whether a request to u would go to the network.
func networkScheme(u string) bool {
	scheme, _, _ := strings.Cut(u, ":")
	switch strings.ToLower(scheme) {
	case "http", "https", "ws", "wss":
		return true
	}
	return false
}

// referer returns the Referer of a request, or "".
func referer(h network.Headers) string {
	for k, v := range h {
		if s, ok := v.(string); ok && strings.EqualFold(k, "Referer") {
			return s
		}
	}
	return ""
}

// errTabHung reports a tab that did not finish a fragment in time.
var errTabHung = errors.New("fragment did not finish within fragmentLimit")

// load runs one fragment: navigate, wait for load, settle, interact,
// settle. An error means the tab is no longer usable.
func (tb *tab) load(rec *record) error {
	start := time.Now()
	since := func() time.Duration { return time.Since(start) }
	rec.mark(tb.h, func(r *record) {
		// A retry in a new tab starts the clock again.
		r.start, r.loaded, r.interacting, r.interacted = start, 0, 0, 0
	})
	tb.mu.Lock()
	tb.cur = rec
	tb.mu.Unlock()
	select {
	case <-tb.loaded:
	default:
	}
	ctx, cancel := context.WithTimeout(tb.ctx, fragmentLimit)
	defer cancel()
	defer func() { rec.mark(tb.h, func(r *record) { r.elapsed = since() }) }()

	nav, err := cdp.Call(ctx, tb.t, page.Navigate, page.NavigateParams{URL: fmt.Sprintf("%s%s%d", tb.h.site.URL, pagePrefix, rec.id)})
	if err != nil {
		return tb.failed(ctx, err)
	}
	if nav.ErrorText != "" {
		return fmt.Errorf("navigation failed: %s", nav.ErrorText)
	}
	select {
	case <-tb.loaded:
		rec.mark(tb.h, func(r *record) { r.loaded = since() })
	case <-time.After(loadWait):
		rec.note(tb.h, "no load event within loadWait")
	case <-ctx.Done():
		return tb.failed(ctx, ctx.Err())
	}
	time.Sleep(settleBefore)
	world, err := cdp.Call(ctx, tb.t, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: nav.FrameID, WorldName: "htmlclean-harness"})
	if err != nil {
		// The fragment navigated the top frame away or closed it.
		rec.note(tb.h, "no interaction: "+err.Error())
		return tb.failed(ctx, nil)
	}
	rec.mark(tb.h, func(r *record) { r.interacting = since() })
	res, err := cdp.Call(ctx, tb.t, runtime.Evaluate, runtime.EvaluateParams{
		Expression:    interactJS,
		ContextID:     world.ExecutionContextID,
		AwaitPromise:  ptr(true),
		ReturnByValue: ptr(true),
		Timeout:       runtime.TimeDelta(interactLimit.Milliseconds()),
	})
	switch {
	case err != nil:
		rec.note(tb.h, "interaction stopped: "+err.Error())
		if err := tb.failed(ctx, nil); err != nil {
			return err
		}
	case res.ExceptionDetails != nil:
		rec.note(tb.h, "interaction stopped: "+exceptionText(res.ExceptionDetails))
	default:
		var summary string
		_ = json.Unmarshal(res.Result.Value, &summary)
		rec.note(tb.h, "interaction: "+summary)
	}
	rec.mark(tb.h, func(r *record) { r.interacted = since() })
	tb.settle()
	return nil
}

// settle waits until the tab has been quiet for settleQuiet, or for
// settleMax in all.
func (tb *tab) settle() {
	deadline := time.Now().Add(settleMax)
	for {
		quietUntil := time.Unix(0, tb.lastEvent.Load()).Add(settleQuiet)
		now := time.Now()
		if !now.Before(quietUntil) || !now.Before(deadline) {
			return
		}
		time.Sleep(min(quietUntil.Sub(now), deadline.Sub(now)))
	}
}

// failed decides whether a failed step broke the tab: it did when the
// fragment's time ran out or the target went away.
func (tb *tab) failed(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		tb.terminate()
		return errTabHung
	}
	if errors.Is(err, chromedp.ErrTargetDetached) {
		return err
	}
	return nil
}

// terminate stops the JavaScript a hung renderer is stuck in. Chromium
// runs Runtime.terminateExecution on a V8 interrupt, so it gets through a
// busy loop; the events the loop held back, such as the scriptParsed of
// the looping script, are then sent, and the wait lets them arrive.
func (tb *tab) terminate() {
	ctx, cancel := context.WithTimeout(tb.ctx, time.Second)
	defer cancel()
	if _, err := cdp.Call(ctx, tb.t, runtime.TerminateExecution, cdp.Empty{}); err == nil {
		time.Sleep(100 * time.Millisecond)
	}
}

// exceptionText is the message of a JavaScript exception.
func exceptionText(d *runtime.ExceptionDetails) string {
	if d.Exception != nil && d.Exception.Description != "" {
		return trim(d.Exception.Description, 200)
	}
	return d.Text
}

// hostOf returns the lower-case host of u, or "".
func hostOf(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return ""
	}
	return strings.ToLower(p.Hostname())
}

// trim shortens s to n bytes for messages.
func trim(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func ptr[T any](v T) *T { return &v }
