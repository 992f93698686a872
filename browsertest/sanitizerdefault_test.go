//go:build browser

package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// sanitizerDefaultPath is the browser's default SanitizerConfig as data
// in the root module, which the sanitizer-api preset embeds.
const sanitizerDefaultPath = "../policy/sanitizerapi/default.json"

// regenerateCommand rewrites sanitizerDefaultPath from the live browser.
const regenerateCommand = "cd browsertest && go test -tags browser -run TestSanitizerDefault -update-sanitizer-default"

var updateSanitizerDefault = flag.Bool("update-sanitizer-default", false,
	"rewrite "+sanitizerDefaultPath+" from new Sanitizer().get() in "+chromiumPath)

// TestSanitizerDefault reads the browser's built-in safe default, new
// Sanitizer().get() (https://wicg.github.io/sanitizer-api/, "built-in safe
// default configuration"), and checks that the data the sanitizer-api
// preset is built from equals it. A Chromium that changes its default
// fails here, naming both versions, until the data is regenerated with
// regenerateCommand and the table in docs/sanitizer-api.md reviewed.
//
// Chromium 156 exposes Sanitizer without any switch (it shipped in 138);
// the test fails, not skips, when it is missing, since the preset would
// then describe no browser at hand.
func TestSanitizerDefault(t *testing.T) {
	if _, err := os.Stat(chromiumPath); errors.Is(err, fs.ErrNotExist) {
		if os.Getenv(optionalEnv) == "1" {
			t.Skip(errNoBrowser)
		}
		t.Fatal(errNoBrowser)
	}
	version, live := liveSanitizerDefault(t)
	if *updateSanitizerDefault {
		out, err := formatSanitizerDefault(version, live)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(sanitizerDefaultPath, out, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s from %s", sanitizerDefaultPath, version)
	}
	raw, err := os.ReadFile(sanitizerDefaultPath)
	if err != nil {
		t.Fatal(err)
	}
	var stored map[string]any
	if err := json.Unmarshal(raw, &stored); err != nil {
		t.Fatalf("%s: %v", sanitizerDefaultPath, err)
	}
	storedFrom := fmt.Sprint(stored["//"])
	delete(stored, "//")
	var got map[string]any
	if err := json.Unmarshal(live, &got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(stored, got); diff != "" {
		t.Errorf("new Sanitizer().get() in %s differs from %s (recorded from %s) (-stored +live):\n%s\nregenerate with: %s",
			version, sanitizerDefaultPath, storedFrom, diff, regenerateCommand)
	}
	if !strings.Contains(storedFrom, version) {
		t.Logf("%s was recorded from another version (%s); %s returns the same default", sanitizerDefaultPath, storedFrom, version)
	}
	// What the preset is built from must load as a SanitizerConfig.
	if _, err := sanitizerapi.Compile(raw); err != nil {
		t.Errorf("sanitizerapi.Compile(%s): %v", sanitizerDefaultPath, err)
	}
}

// liveSanitizerDefault starts the browser, offline, and returns its
// product version and new Sanitizer().get() as JSON.
func liveSanitizerDefault(t *testing.T) (string, []byte) {
	// The page needs no network: every request goes to a proxy that
	// refuses it.
	refuse := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "offline", http.StatusForbidden)
	}))
	defer refuse.Close()
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromiumFlags(refuse.URL)...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	// The first call starts the browser; a timeout on its context would
	// stop the browser with it.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("browsertest: starting %s: %v", chromiumPath, err)
	}
	ctx, cancelTime := context.WithTimeout(ctx, 60*time.Second)
	defer cancelTime()
	v, err := chromedp.CallBrowser(ctx, browser.GetVersion, cdp.Empty{})
	if err != nil {
		t.Fatalf("browsertest: %s: %v", chromiumPath, err)
	}
	product := v.Product
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("browsertest: %s: %v", chromiumPath, err)
	}
	js, err := chromedp.Run(ctx, chromedp.Evaluate[string](`typeof Sanitizer === "function" ? JSON.stringify(new Sanitizer().get()) : ""`))
	if err != nil {
		t.Fatalf("browsertest: %s: %v", chromiumPath, err)
	}
	if js == "" {
		t.Fatalf("%s has no Sanitizer (the HTML Sanitizer API); Chromium shipped it in version 138", product)
	}
	return product, []byte(js)
}

// formatSanitizerDefault writes the default as a SanitizerConfig that
// sanitizerapi.Parse and browsers load, one list entry a line, with a
// "//" member naming the browser and the command that wrote it.
func formatSanitizerDefault(version string, live []byte) ([]byte, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(live, &top); err != nil {
		return nil, err
	}
	var note bytes.Buffer
	enc := json.NewEncoder(&note)
	enc.SetEscapeHTML(false) // the command's "&&"
	if err := enc.Encode([]string{
		"new Sanitizer().get() in " + version + ": the HTML Sanitizer API's built-in safe default",
		"regenerate: " + regenerateCommand,
	}); err != nil {
		return nil, err
	}
	top["//"] = note.Bytes()
	var b bytes.Buffer
	b.WriteString("{\n")
	keys := slices.Sorted(maps.Keys(top))
	for i, k := range keys {
		fmt.Fprintf(&b, "  %q: ", k)
		var items []json.RawMessage
		if json.Unmarshal(top[k], &items) == nil && len(items) > 0 {
			b.WriteString("[\n")
			for j, item := range items {
				var c bytes.Buffer
				if err := json.Compact(&c, item); err != nil { // keeps "&" as it is
					return nil, err
				}
				b.WriteString("    " + c.String())
				if j < len(items)-1 {
					b.WriteString(",")
				}
				b.WriteString("\n")
			}
			b.WriteString("  ]")
		} else {
			var c bytes.Buffer
			if err := json.Compact(&c, top[k]); err != nil {
				return nil, err
			}
			b.Write(c.Bytes())
		}
		if i < len(keys)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}
