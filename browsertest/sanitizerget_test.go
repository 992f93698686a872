//go:build browser

package browsertest

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// TestSanitizerGetForm: the dictionary -print-policy -format
// sanitizer-config writes for each preset is the normalised form
// Sanitizer.get() returns: Chromium, given it, returns it unchanged
// (its "//" notes aside, which a browser skips).
func TestSanitizerGetForm(t *testing.T) {
	h := ready(t)
	ctx, cancel := chromedp.NewContext(h.browser)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, time.Minute)
	defer cancelT()
	if _, err := chromedp.Run(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	for _, name := range policy.Presets() {
		t.Run(name, func(t *testing.T) {
			p, err := policy.Preset(name)
			if err != nil {
				t.Fatal(err)
			}
			sc := sanitizerapi.Export(p)
			sc.Notes = nil
			written, err := json.Marshal(sc)
			if err != nil {
				t.Fatal(err)
			}
			live, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(new Sanitizer(`+string(written)+`).get())`))
			if err != nil {
				t.Fatalf("new Sanitizer(%s): %v", written, err)
			}
			var want, got any
			if err := json.Unmarshal(written, &want); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(live), &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Sanitizer.get() differs from what htmlclean writes (-htmlclean +get):\n%s", diff)
			}
			if string(written) != live {
				t.Errorf("member or list order differs:\nhtmlclean: %s\nget():     %s", written, live)
			}
		})
	}
}
