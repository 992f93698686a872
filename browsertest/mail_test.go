//go:build browser

package browsertest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// mailPixelThreshold is the largest share of the pixels of a mail's box
// (images off, 800 px wide, the top 1,200 rows) that may change under
// the mail preset. What the preset removes on purpose moves pixels, and
// a line of text moved by a few pixels changes most of its glyphs' pixels:
// same-page links (href="#": relative URLs mean nothing in a mail) lose
// their href and link colour; rules whose selector reads an attribute's
// value (Foundation's th.columns[valign=middle],
// :not([class*=large-offset]) column offsets) or :visited are dropped,
// which shifts column text by up to 8 px; so are the body's width,
// height and margins (the page's), and with them the browser's default
// 8 px body margin where a mail sets none, which shifts all of it. On the
// 57 mails of testdata/mail the largest change measured was 0.181
// (caniemail-css-background.html: the 8 px shift, and background-clip,
// -origin and -blend-mode, outside the preset's properties), then 0.166
// (foundation-page-anchor.html, all links "#"); a mail whose layout falls
// apart changes far more (a lost body background, measured before the
// wrapper carried it: 0.33 to 0.96; MJML's hero when the preset refused
// url('…'), the quoted form MJML writes: 0.72).
// The text shown must not change at all.
const mailPixelThreshold = 0.20

// mailServer serves the pages of the mail tests; what a page requests is
// read from Chromium's network log (netLog).
type mailServer struct {
	srv   *httptest.Server
	mu    sync.Mutex
	pages map[string]string
}

func newMailServer() *mailServer {
	m := &mailServer{pages: map[string]string{}}
	m.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.mu.Lock()
		page, ok := m.pages[r.URL.Path]
		m.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	}))
	return m
}

func (m *mailServer) put(path, page string) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.pages[path] = page
	return m.srv.URL + path
}

// hostPage is the page a sanitised mail is shown in.
func hostPage(fragment string) string {
	return "<!DOCTYPE html><html><head><meta charset=utf-8></head><body style=\"margin:0\">" + fragment + "</body></html>"
}

// mailBrowser starts a Chromium whose traffic off loopback goes to
// recorder; images says whether it loads images.
func mailBrowser(t *testing.T, recorder string, images bool, opts ...chromedp.ContextOption) context.Context {
	t.Helper()
	if _, err := os.Stat(chromiumPath); errors.Is(err, fs.ErrNotExist) {
		if os.Getenv("HTMLCLEAN_BROWSER_OPTIONAL") != "" {
			t.Skip(errNoBrowser)
		}
		t.Fatal(errNoBrowser)
	}
	flags := chromiumFlags(recorder)
	if !images {
		flags = append(flags, chromedp.Flag("blink-settings", "imagesEnabled=false"))
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), flags...)
	ctx, cancel := chromedp.NewContext(alloc, opts...)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(800, 1200)); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// mailCorpus reads testdata/mail.
func mailCorpus(t *testing.T) map[string]string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "mail", "*.html"))
	if len(files) < 50 {
		t.Fatalf("%d mails in testdata/mail, want at least 50", len(files))
	}
	mails := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		mails[filepath.Base(f)] = string(b)
	}
	return mails
}

// shot is a page as loaded: its viewport, the height of the mail's box
// (the wrapper's, or the body's content for the unsanitised mail) and the
// text it shows.
type shot struct {
	img    image.Image
	height int
	text   string
}

// measure finds the mail's box and text: the wrapper's if there is one,
// else the body's.
const measure = `(() => { const w = document.querySelector(".htmlclean-mail") || document.body;
	return [Math.ceil(w.getBoundingClientRect().height), w.innerText.replace(/\s+/g, " ").trim()]; })()`

// netLog records the URLs a tab's pages request (Chromium's network log,
// Network.requestWillBeSent): the page's own requests, not the browser's
// background traffic.
type netLog struct {
	mu   sync.Mutex
	urls []string
}

// onEvent is the tab's event listener; chromedp enables the Network
// domain of every tab it opens.
func (l *netLog) onEvent(ev any) {
	if e, ok := ev.(*network.EventRequestWillBeSent); ok {
		l.mu.Lock()
		l.urls = append(l.urls, e.Request.URL)
		l.mu.Unlock()
	}
}

// take returns the URLs requested since the last call but page, and
// forgets them.
func (l *netLog) take(page string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, u := range l.urls {
		if u != page {
			out = append(out, u)
		}
	}
	l.urls = nil
	return out
}

// screenshot loads u and returns what the viewport shows.
func screenshot(ctx context.Context, u string) (shot, error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(u), chromedp.Sleep(150*time.Millisecond)); err != nil {
		return shot{}, err
	}
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		return shot{}, err
	}
	m, err := chromedp.Run(ctx, chromedp.Evaluate[[]any](measure))
	if err != nil || len(m) != 2 {
		return shot{}, fmt.Errorf("measuring %s: %v", u, err)
	}
	img, err := png.Decode(bytes.NewReader(buf))
	h, _ := m[0].(float64)
	text, _ := m[1].(string)
	return shot{img, int(h), text}, err
}

// pixelChange is the share of the pixels in the top rows of a and b that
// differ by more than a rounding step in any channel.
func pixelChange(a, b image.Image, rows int) float64 {
	r := a.Bounds().Intersect(b.Bounds())
	r.Max.Y = min(r.Max.Y, r.Min.Y+rows)
	total, changed := r.Dx()*r.Dy(), 0
	if total == 0 {
		return 0
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) {
				changed++
			}
		}
	}
	return float64(changed) / float64(total)
}

func far(a, b uint32) bool { return a > b+8<<8 || b > a+8<<8 }

// TestMailScreenshots: each mail of testdata/mail, images off, looks the
// same before and after the mail preset, within mailPixelThreshold.
func TestMailScreenshots(t *testing.T) {
	mails := mailCorpus(t)
	srv := newMailServer()
	defer srv.srv.Close()
	// Images are off, so remote content is allowed: a blocked image loses
	// its src, and with it the broken-image box it has in the
	// unsanitised mail (TestMailRemoteRequests checks blocking).
	p, err := policy.Load(strings.NewReader("extends: mail\nremote_content: allow\n"), "allow.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx := mailBrowser(t, srv.srv.URL, false)
	worst := 0.0
	for name, raw := range mails {
		clean, err := sanitize.String(raw, p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		before, err := screenshot(ctx, srv.put("/raw/"+name, raw))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		after, err := screenshot(ctx, srv.put("/clean/"+name, hostPage(clean)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// The mail's box: the page around it is the host's (a body's
		// background paints the whole canvas; the wrapper's only itself).
		d := pixelChange(before.img, after.img, after.height)
		worst = max(worst, d)
		t.Logf("%s: %.4f of the pixels of the mail's %d rows changed", name, d, after.height)
		if d > mailPixelThreshold {
			t.Errorf("%s: %.4f of the pixels changed, more than %.2f", name, d, mailPixelThreshold)
		}
		if before.text != after.text {
			t.Errorf("%s: the text shown changed:\nbefore: %.300q\nafter:  %.300q", name, before.text, after.text)
		}
	}
	t.Logf("largest change: %.4f over %d mails", worst, len(mails))
}

// remoteRefs lists the absolute URLs a loaded page references, by the
// kind of reference: an img's src and the candidate its srcset chose
// (currentSrc, when it is not the src), the background attribute, and url() in style attributes
// and in <style> sheets.
const remoteRefs = `(() => {
	const abs = u => { try { return new URL(u, document.baseURI).href } catch (e) { return "" } };
	const urls = css => [...css.matchAll(/url\(\s*(['"]?)([^'")\s]+)\1\s*\)/gi)].map(m => abs(m[2]));
	const out = {"img src": [], "img srcset": [], "background attribute": [], "style url()": [], "sheet url()": []};
	for (const i of document.querySelectorAll("img[src]")) out["img src"].push(abs(i.getAttribute("src")));
	for (const i of document.querySelectorAll("img[srcset], picture img"))
		if (i.currentSrc && i.currentSrc !== abs(i.getAttribute("src") || "")) out["img srcset"].push(i.currentSrc);
	for (const e of document.querySelectorAll("[background]")) out["background attribute"].push(abs(e.getAttribute("background")));
	for (const e of document.querySelectorAll("[style]")) out["style url()"].push(...urls(e.getAttribute("style")));
	for (const e of document.querySelectorAll("style")) out["sheet url()"].push(...urls(e.textContent));
	return out; })()`

// requestedRefs counts, by kind, the references of refs (remoteRefs) that
// the page requested: a URL in requested.
func requestedRefs(refs map[string][]string, requested []string) map[string]int {
	seen := map[string]bool{}
	for _, u := range requested {
		seen[u] = true
	}
	n := map[string]int{}
	for kind, urls := range refs {
		for _, u := range urls {
			if seen[u] {
				n[kind]++
			}
		}
	}
	return n
}

// TestMailRemoteRequests: with remote_content: block no request leaves a
// sanitised mail's page (images on); with proxy every request goes to the
// proxy. The unsanitised mails must have made requests of every kind
// remote_content covers: img src and srcset, the background attribute,
// url() in style attributes and in <style> sheets.
func TestMailRemoteRequests(t *testing.T) {
	mails := mailCorpus(t)
	srv := newMailServer()
	defer srv.srv.Close()
	proxyPolicy, err := policy.Load(strings.NewReader("extends: mail\nremote_content: proxy\nproxy: \""+srv.srv.URL+"/proxy?u={url}\"\n"), "proxy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var log netLog
	ctx := mailBrowser(t, srv.srv.URL, true, chromedp.WithListener(log.onEvent))
	proxied := 0
	kinds := map[string]int{}
	for name, raw := range mails {
		page := srv.put("/raw/"+name, raw)
		if _, err := screenshot(ctx, page); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		refs, err := chromedp.Run(ctx, chromedp.Evaluate[map[string][]string](remoteRefs))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rawLog := log.take(page)
		rawRequests := len(rawLog)
		for kind, n := range requestedRefs(refs, rawLog) {
			kinds[kind] += n
		}
		blocked, err := sanitize.String(raw, policy.Mail())
		if err != nil {
			t.Fatal(err)
		}
		page = srv.put("/blocked/"+name, hostPage(blocked))
		if _, err := screenshot(ctx, page); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := log.take(page); len(got) > 0 {
			t.Errorf("%s: remote_content: block, yet the page made %d requests: %v", name, len(got), got)
		}
		viaProxy, err := sanitize.String(raw, proxyPolicy)
		if err != nil {
			t.Fatal(err)
		}
		page = srv.put("/proxied/"+name, hostPage(viaProxy))
		if _, err := screenshot(ctx, page); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, u := range log.take(page) {
			if !strings.HasPrefix(u, srv.srv.URL+"/proxy?u=") {
				t.Errorf("%s: remote_content: proxy, yet a request went elsewhere: %s", name, u)
			} else {
				proxied++
			}
		}
		t.Logf("%s: %d requests unsanitised", name, rawRequests)
	}
	// The unsanitised mails must load through every kind of reference
	// remote_content rewrites, or the block and proxy checks above prove
	// nothing for that kind.
	for _, kind := range []string{"img src", "img srcset", "background attribute", "style url()", "sheet url()"} {
		t.Logf("%d requests the unsanitised mails made through %s", kinds[kind], kind)
		if kinds[kind] == 0 {
			t.Errorf("no unsanitised mail made a request through %s: the corpus does not test it", kind)
		}
	}
	if proxied == 0 {
		t.Error("no request went to the proxy: the corpus loads nothing remote, the test proves nothing")
	}
	t.Logf("%d requests went to the proxy", proxied)
}
