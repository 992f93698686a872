//go:build browser

package browsertest

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
)

// probeEnv names a JSONL file in the controls' format (id, html); with
// it set, TestProbe loads each fragment and prints every signal and note.
// It is a tool for finding out how this Chromium treats a fragment, for
// instance before adding it to the controls:
//
//	HTMLCLEAN_BROWSER_PROBE=/tmp/f.jsonl go test -tags browser ./browsertest/ -run TestProbe -v
const probeEnv = "HTMLCLEAN_BROWSER_PROBE"

func TestProbe(t *testing.T) {
	path := os.Getenv(probeEnv)
	if path == "" {
		t.Skip(probeEnv + " not set")
	}
	h, _ := shared(t)
	cs, err := jsonl.Read[control](path)
	if err != nil {
		t.Fatal(err)
	}
	htmls := make([]string, len(cs))
	for i, c := range cs {
		htmls[i] = c.HTML
	}
	before := len(h.proxyLog())
	start := time.Now()
	res, err := h.run(context.Background(), htmls)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cs {
		r := res[i]
		t.Logf("%s %v %v\n\thtml: %q%s\n\tnotes: %q", c.ID, r.Kinds(), r.Elapsed.Round(time.Millisecond), c.HTML, r.Summary(), r.Notes)
	}
	t.Logf("%d fragments in %v", len(cs), time.Since(start).Round(time.Millisecond))
	time.Sleep(time.Second) // the proxy may hear of a fragment after it ended
	for _, p := range h.proxyLog()[before:] {
		t.Logf("proxy: %s", p)
	}
}
