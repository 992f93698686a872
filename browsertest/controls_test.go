//go:build browser

package browsertest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
)

// controlsFile holds the controls: fragments whose behaviour in this
// Chromium was found by running them (see doc.go for the ones dropped).
const controlsFile = "testdata/controls.jsonl"

// control is one line of controlsFile.
type control struct {
	ID   string `json:"id"`
	HTML string `json:"html"`
	// Expect lists the signal kinds a positive control must produce; it
	// is empty for a negative control, which must produce none.
	Expect []string `json:"expect"`
	Note   string   `json:"note"`
}

// positive reports whether c must execute.
func (c control) positive() bool { return len(c.Expect) > 0 }

// loadControls reads controlsFile.
func loadControls() ([]control, error) {
	cs, err := jsonl.Read[control](controlsFile)
	if err != nil {
		return nil, fmt.Errorf("browsertest: %w", err)
	}
	return cs, nil
}

// controlReport is the outcome of the controls in one run.
type controlReport struct {
	controls []control
	results  []Result
	elapsed  time.Duration
	// proxied lists requests that got past the tabs to the proxy while
	// the controls ran; see runControls.
	proxied []string
}

// verdict returns "" when control i behaved, else what went wrong.
func (cr *controlReport) verdict(i int) string {
	c, r := cr.controls[i], cr.results[i]
	if !c.positive() {
		if r.Executed() {
			return "negative control executed:" + r.Summary()
		}
		return ""
	}
	var missing []string
	kinds := r.Kinds()
	for _, k := range c.Expect {
		if !slices.Contains(kinds, k) {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		return fmt.Sprintf("positive control missed %v; got %v%s", missing, kinds, r.Summary())
	}
	return ""
}

// minPositive is the least number of positive controls a run accepts, so
// that trimming the controls file cannot quietly weaken the check.
const minPositive = 40

// failures describes every control that misbehaved.
func (cr *controlReport) failures() string {
	var b strings.Builder
	var pos int
	for _, c := range cr.controls {
		if c.positive() {
			pos++
		}
	}
	if pos < minPositive {
		fmt.Fprintf(&b, "%d positive controls, want at least %d\n", pos, minPositive)
	}
	for i, c := range cr.controls {
		if v := cr.verdict(i); v != "" {
			fmt.Fprintf(&b, "%s: %s\n\thtml: %q\n", c.ID, v, c.HTML)
		}
	}
	for _, p := range cr.proxied {
		fmt.Fprintf(&b, "request escaped the tab interception to the proxy: %s\n", p)
	}
	return b.String()
}

// runControls loads every control in h. It runs before any other use of
// the harness, so each test run re-proves the detectors on this machine's
// Chromium before trusting a clean verdict.
func runControls(h *harness) (*controlReport, error) {
	cs, err := loadControls()
	if err != nil {
		return nil, err
	}
	htmls := make([]string, len(cs))
	for i, c := range cs {
		htmls[i] = c.HTML
	}
	before := len(h.proxyLog())
	start := time.Now()
	res, err := h.run(context.Background(), htmls)
	if err != nil {
		return nil, err
	}
	cr := &controlReport{controls: cs, results: res, elapsed: time.Since(start)}
	// Several controls load remote URLs (IP literals, https, the beacon
	// origin). The tabs must answer all of them: a request that reached
	// the proxy would have gone to the network without it. The proxy can
	// hear of a request a little after its fragment ended.
	time.Sleep(proxyGrace)
	for _, p := range h.proxyLog()[before:] {
		if h.escaped(p) {
			cr.proxied = append(cr.proxied, p)
		}
	}
	return cr, nil
}

// proxyGrace is how long runControls waits for late proxy requests.
const proxyGrace = 200 * time.Millisecond

// TestControls reports each control. A positive control must produce
// every signal kind it lists; a negative one must produce none.
func TestControls(t *testing.T) {
	h, cr := shared(t)
	var pos, neg int
	for i, c := range cr.controls {
		if c.positive() {
			pos++
		} else {
			neg++
		}
		t.Run(c.ID, func(t *testing.T) {
			r := cr.results[i]
			if v := cr.verdict(i); v != "" {
				t.Errorf("%s\n\thtml: %q\n\tnotes: %q", v, c.HTML, r.Notes)
				return
			}
			if testing.Verbose() {
				t.Logf("kinds %v in %v%s", r.Kinds(), r.Elapsed.Round(time.Millisecond), r.Summary())
			}
		})
	}
	if testing.Verbose() {
		for _, l := range h.browserLog() {
			t.Logf("chromedp: %s", l)
		}
	}
	for _, p := range cr.proxied {
		t.Errorf("request escaped the tab interception to the proxy: %s", p)
	}
	if pos < minPositive {
		t.Errorf("%d positive controls, want at least %d", pos, minPositive)
	}
	t.Logf("controls: %s", timingReport(cr.results))
	t.Logf("controls: %d positive, %d negative, %v (%v per fragment with %d tabs)",
		pos, neg, cr.elapsed.Round(time.Millisecond), perItem(cr.elapsed, len(cr.controls)), numTabs)
}
