//go:build browser

package browsertest

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Kinds of Signal. Each is evidence that code from the fragment ran, or
// that the fragment made the browser load a document that can run code.
const (
	// kindDialog: alert, confirm, prompt or print was called (the
	// recorders of detect.js), or a JavaScript dialog opened anywhere in
	// the tab (Page.javascriptDialogOpening), which covers frames that
	// detect.js did not reach.
	kindDialog = "dialog"
	// kindScript: V8 compiled a script in the tab (Debugger.scriptParsed)
	// that is not the harness's: an inline or remote <script>, an event
	// handler attribute when it fired, a javascript: URL, eval or a
	// string timer. Code that failed to parse does not count.
	kindScript = "script"
	// kindNavigation: a frame of the tab was asked to navigate, started
	// to navigate or committed a navigation to a javascript:, vbscript:
	// or data: URL (Page.frameRequestedNavigation, frameStartedNavigating,
	// frameNavigated).
	kindNavigation = "navigation"
	// kindBeacon: a request to beaconHost, the attacker origin that
	// payloads can send stolen data to.
	kindBeacon = "beacon"
)

// Signal is one piece of evidence that a fragment executed.
type Signal struct {
	Kind   string
	Detail string
}

// String formats s as "kind: detail".
func (s Signal) String() string { return s.Kind + ": " + s.Detail }

// Result is what one fragment did in the browser.
type Result struct {
	// Signals lists the distinct signals, in the order they arrived.
	Signals []Signal
	// Notes are observations that are not hits: navigations the harness
	// held back, remote requests, the interaction summary, tab failures.
	Notes []string
	// Elapsed is the wall time of the fragment in its tab.
	Elapsed time.Duration
	// Broken is true when the fragment hung or crashed two tabs in a
	// row without a signal, so its interactions did not all run.
	Broken bool
	// Lost is true when the fragment could not be judged at all because
	// the browser went away; callers must fail rather than read it as
	// clean.
	Lost bool
	// Phases are the times, from the start of navigation, at which the
	// load event arrived, the interactions started and they ended; zero
	// when the phase was not reached. SignalAt[i] is when Signals[i]
	// arrived. They justify the settle times (see TestRawCorpus).
	Loaded, Interacting, Interacted time.Duration
	SignalAt                        []time.Duration
}

// Executed reports whether the fragment produced any signal.
func (r Result) Executed() bool { return len(r.Signals) > 0 }

// Kinds returns the distinct kinds of r's signals, sorted.
func (r Result) Kinds() []string {
	var ks []string
	for _, s := range r.Signals {
		if !slices.Contains(ks, s.Kind) {
			ks = append(ks, s.Kind)
		}
	}
	slices.Sort(ks)
	return ks
}

// Summary is the signals on one line each, for failure messages.
func (r Result) Summary() string {
	var b strings.Builder
	for _, s := range r.Signals {
		fmt.Fprintf(&b, "\n\t\t%s", s)
	}
	if r.Broken {
		b.WriteString("\n\t\t(fragment broke its tab twice)")
	}
	return b.String()
}

// record collects what happens while one fragment is loaded. The harness
// keeps it by id so a late event that names the fragment's page URL still
// lands on it; the harness mutex guards its fields.
type record struct {
	id       int64
	html     string
	docType  string // served as is, with this Content-Type; "" puts html in an HTML page
	start    time.Time
	signals  []Signal
	signalAt []time.Duration
	notes    []string
	elapsed  time.Duration
	broken   bool
	lost     bool
	// loaded, interacting, interacted: see Result.
	loaded, interacting, interacted time.Duration
}

// maxNotes bounds the notes of one record; a fragment that loads hundreds
// of remote images would otherwise fill the log.
const maxNotes = 40

// add records sig unless the record already has it.
func (r *record) add(h *harness, sig Signal) {
	h.mu.Lock()
	defer h.mu.Unlock()
	sig.Detail = trim(sig.Detail, 300)
	if !slices.Contains(r.signals, sig) {
		r.signals = append(r.signals, sig)
		r.signalAt = append(r.signalAt, time.Since(r.start))
	}
}

// note records an observation that is not a hit.
func (r *record) note(h *harness, s string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(r.notes) < maxNotes {
		r.notes = append(r.notes, s)
	}
}

// mark changes r under the harness lock.
func (r *record) mark(h *harness, f func(*record)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f(r)
}

// result copies r into a Result.
func (r *record) result(h *harness) Result {
	h.mu.Lock()
	defer h.mu.Unlock()
	return Result{
		Signals:     slices.Clone(r.signals),
		Notes:       slices.Clone(r.notes),
		Elapsed:     r.elapsed,
		Broken:      r.broken,
		Lost:        r.lost,
		Loaded:      r.loaded,
		Interacting: r.interacting,
		Interacted:  r.interacted,
		SignalAt:    slices.Clone(r.signalAt),
	}
}

// scriptScheme reports whether a navigation to u can run script or load a
// document the fragment wrote: javascript: and vbscript: by definition,
// data: because its document is whatever the URL says. The schemes are
// ASCII case-insensitive (WHATWG URL, scheme state).
func scriptScheme(u string) bool {
	i := strings.IndexByte(u, ':')
	if i < 0 {
		return false
	}
	switch strings.ToLower(u[:i]) {
	case "javascript", "vbscript", "data":
		return true
	}
	return false
}

// timingReport summarises when fragments reached each phase and when
// their signals arrived relative to the interactions. Signals after
// Interacted arrived while the tab settled; their latest offset shows how
// close they came to settleMax.
func timingReport(rs []Result) string {
	var loaded, interacted, elapsed, late []time.Duration
	var early, during int
	for _, r := range rs {
		if r.Loaded > 0 {
			loaded = append(loaded, r.Loaded)
		}
		if r.Interacted > 0 {
			interacted = append(interacted, r.Interacted-r.Interacting)
		}
		elapsed = append(elapsed, r.Elapsed)
		for _, at := range r.SignalAt {
			switch {
			case r.Interacting == 0 || at < r.Interacting:
				early++
			case r.Interacted == 0 || at <= r.Interacted:
				during++
			default:
				late = append(late, at-r.Interacted)
			}
		}
	}
	return fmt.Sprintf("load event at %s; interaction took %s; fragment took %s; signals: %d before the interactions, %d during, %d after (%s after the end)",
		quantiles(loaded), quantiles(interacted), quantiles(elapsed), early, during, len(late), quantiles(late))
}

// quantiles formats the median, 99th percentile and maximum of ds.
func quantiles(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	ds = slices.Clone(ds)
	slices.Sort(ds)
	q := func(p float64) time.Duration { return ds[int(p*float64(len(ds)-1))].Round(time.Millisecond) }
	return fmt.Sprintf("p50 %v p99 %v max %v", q(0.5), q(0.99), q(1))
}
