//go:build browser

package browsertest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// hintStyles reads the colours of the mail's body, or of its wrapper
// once sanitised, and of its first link.
const hintStyles = `(() => {
	const root = document.querySelector(".htmlclean-mail") || document.body;
	const cs = getComputedStyle(root), a = root.querySelector("a");
	return cs.backgroundColor + " " + cs.color + " " + (a ? getComputedStyle(a).color : "-");
})()`

// TestMailBodyHintsInChromium: the body's bgcolor, text and link rank
// below the mail's own sheets, as they do in the mail shown alone: the
// sanitised mail's wrapper and link have the colours the original
// body and link have.
func TestMailBodyHintsInChromium(t *testing.T) {
	srv := newMailServer()
	defer srv.srv.Close()
	ctx := mailBrowser(t, srv.srv.URL, false)
	p := policy.Mail()
	measure := func(path, page string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.put(path, page))); err != nil {
			t.Fatal(err)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](hintStyles))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	for i, in := range []string{
		`<html><head><style>body{background:#eee}</style></head><body bgcolor="#ffffff" text="#333333"><p>x</p></body></html>`,
		`<html><head><style>a{color:red}</style></head><body link="#00f"><a href="https://example.com/">l</a></body></html>`,
		`<html><head><style>body{color:red}</style></head><body text="#00f"><p>x</p></body></html>`,
		`<html><head><style>p{color:red}</style></head><body bgcolor="#00f" text="#0f0" link="#f00"><a href="https://example.com/">l</a></body></html>`,
	} {
		out, err := sanitize.String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		want := measure(fmt.Sprintf("/hints/%d/in", i), in)
		got := measure(fmt.Sprintf("/hints/%d/out", i), hostPage(out))
		if got != want {
			t.Errorf("%s\nshown alone: %s\nsanitised:   %s (%s)", in, want, got, out)
		}
	}
}
