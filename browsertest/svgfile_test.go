//go:build browser

package browsertest

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/xml"
	"fmt"
	"image"
	"image/png"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/svgfile"
)

// svgRealDir holds the real SVG files (see its README.md).
var svgRealDir = filepath.Join("..", "svgfile", "testdata", "real")

// svgSide is the size, in CSS pixels, each file is drawn at: large enough
// that a 24-unit icon's strokes cover many pixels, small enough that a
// few hundred screenshots stay quick.
const svgSide = 160

// The rendering threshold. A pixel differs when a channel is more than
// 8 of 255 apart (mail_test.go's far: below that is anti-aliasing
// noise). A file agrees when at most svgPixelThreshold of its pixels
// differ: an output that lost a shape, a gradient or a clip path loses
// far more than 0.5 % of a 160×160 drawing (a 1-unit dot of a 24-unit
// icon is 0.2 %, but a dropped fill or gradient is tens of per cent), and
// identical drawings differ in none.
const svgPixelThreshold = 0.005

// realSVGs returns the real files, by their path under svgRealDir.
func realSVGs(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(svgRealDir, "*", "*.svg"))
	if err != nil || len(files) < 200 {
		t.Fatalf("%d real SVG files in %s, want at least 200 (err %v)", len(files), svgRealDir, err)
	}
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(svgRealDir, f)
		out[rel] = string(b)
	}
	return out
}

// svgDataURL is an SVG document as a data: URL.
func svgDataURL(doc string) string {
	return "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(doc))
}

// pageStore serves pages put into it, on loopback.
type pageStore struct {
	srv   *httptest.Server
	mu    sync.Mutex
	pages map[string]storedPage
}

type storedPage struct{ body, contentType string }

func newPageStore() *pageStore {
	s := &pageStore{pages: map[string]storedPage{}}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		p, ok := s.pages[r.URL.Path]
		s.mu.Unlock()
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", p.contentType)
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprint(w, p.body)
	}))
	return s
}

// put stores a page at path and returns its URL.
func (s *pageStore) put(path, body, contentType string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pages[path] = storedPage{body, contentType}
	return s.srv.URL + path
}

// sideBySide is a page drawing two SVG files as images, left and right.
func sideBySide(a, b string) string {
	return fmt.Sprintf(`<!DOCTYPE html><html><head><style>html,body{margin:0;background:#fff}img{position:absolute;top:0;width:%[1]dpx;height:%[1]dpx}</style></head>`+
		`<body><img id=a style="left:0" src="%[2]s"><img id=b style="left:%[1]dpx" src="%[3]s"></body></html>`, svgSide, svgDataURL(a), svgDataURL(b))
}

// imagesDone is true once both images of sideBySide have loaded or failed.
const imagesDone = `[...document.images].every(i => i.complete)`

// drawPair loads a sideBySide page and returns its two halves.
func drawPair(ctx context.Context, u string) (image.Image, image.Image, error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		return nil, nil, err
	}
	// The poll can start before the new document has its context; it is
	// then tried again.
	var err error
	for range 5 {
		if err = chromedp.Do(ctx, chromedp.Poll[chromedp.Void](imagesDone), chromedp.Sleep(30*time.Millisecond)); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		return nil, nil, err
	}
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		return nil, nil, err
	}
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		return nil, nil, err
	}
	sub, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	})
	if !ok {
		return nil, nil, fmt.Errorf("screenshot of type %T", img)
	}
	left := sub.SubImage(image.Rect(0, 0, svgSide, svgSide))
	right := sub.SubImage(image.Rect(svgSide, 0, 2*svgSide, svgSide))
	return left, right, nil
}

// pixelDiff is the share of the pixels of a and b, drawn at the same size
// but not at the same place, that differ beyond anti-aliasing (far), and
// whether a is blank (all white: nothing drawn, or a file Chromium does
// not draw).
func pixelDiff(a, b image.Image) (frac float64, blank bool) {
	ra, rb := a.Bounds(), b.Bounds()
	changed, blank := 0, true
	for y := 0; y < ra.Dy(); y++ {
		for x := 0; x < ra.Dx(); x++ {
			r1, g1, b1, _ := a.At(ra.Min.X+x, ra.Min.Y+y).RGBA()
			r2, g2, b2, _ := b.At(rb.Min.X+x, rb.Min.Y+y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) {
				changed++
			}
			if r1 < 0xf000 || g1 < 0xf000 || b1 < 0xf000 {
				blank = false
			}
		}
	}
	return float64(changed) / float64(ra.Dx()*ra.Dy()), blank
}

// TestSVGFileRendering draws every real file before and after svgfile
// under svg-upload in Chromium, as images of svgSide pixels side by side,
// and compares them pixel by pixel: each must agree within
// svgPixelThreshold.
func TestSVGFileRendering(t *testing.T) {
	files := realSVGs(t)
	store := newPageStore()
	defer store.srv.Close()
	refuse := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusForbidden) }))
	defer refuse.Close()
	ctx := mailBrowser(t, refuse.URL, true)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(2*svgSide, svgSide)); err != nil {
		t.Fatal(err)
	}
	names := slices.Sorted(maps.Keys(files))
	// The control: a file against an empty one must differ, or the
	// comparison could not fail.
	ctl := files[names[0]]
	before, after, err := drawPair(ctx, store.put("/pair/control", sideBySide(ctl, `<svg xmlns="http://www.w3.org/2000/svg"/>`), "text/html; charset=utf-8"))
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := pixelDiff(before, after); d <= svgPixelThreshold {
		t.Fatalf("%s against an empty file: %.4f of the pixels differ, not more than %.3f: the comparison sees nothing", names[0], d, svgPixelThreshold)
	}
	agree, blank, most := 0, 0, 0.0
	var worst []string
	for i, name := range names {
		clean, err := svgfile.String(files[name], policy.SVGUpload())
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		before, after, err := drawPair(ctx, store.put(fmt.Sprintf("/pair/%d", i), sideBySide(files[name], clean), "text/html; charset=utf-8"))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		d, empty := pixelDiff(before, after)
		most = max(most, d)
		if empty {
			blank++
		}
		if d <= svgPixelThreshold {
			agree++
			continue
		}
		worst = append(worst, fmt.Sprintf("%s %.4f", name, d))
		t.Errorf("%s: %.4f of the pixels differ, more than %.3f", name, d, svgPixelThreshold)
	}
	t.Logf("%d of %d real files agree within %.3f of their pixels (largest difference %.4f; %d draw nothing before: blank); differing: %v",
		agree, len(names), svgPixelThreshold, most, blank, worst)
}

// escapeXML escapes s for an XML attribute value in double quotes.
func escapeXML(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// svgNS opens an SVG document's root element.
const svgNS = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="200">`

// svgVectorDocs places an XSS vector in SVG documents: as the content of
// the root, and as the value of each attribute through which an SVG file
// links, loads, paints or animates.
func svgVectorDocs(v string) []string {
	a := escapeXML(v)
	return []string{
		svgNS + v + "</svg>",
		`<?xml version="1.0"?>` + "\n" + svgNS + `<a href="` + a + `" xlink:href="` + a + `"><rect width="100" height="100" fill="` + a + `" style="` + a + `"/></a>` +
			`<use href="` + a + `" xlink:href="` + a + `"/><image href="` + a + `" width="10" height="10"/>` +
			`<set attributeName="href" to="` + a + `"/><animate attributeName="href" values="` + a + `" dur="1s"/>` +
			`<text x="10" y="150" filter="` + a + `" mask="` + a + `" clip-path="` + a + `">` + a + `</text></svg>`,
	}
}

// svgControls are SVG files that run script when opened, in the three
// ways the corpus stage opens its outputs: each must execute unsanitised,
// or the stage could not see an execution.
var svgControls = []string{
	svgNS + `<script>alert(1)</script></svg>`,
	strings.Replace(svgNS, "<svg ", `<svg onload="alert(1)" `, 1) + `</svg>`,
	svgNS + `<foreignObject width="100" height="100"><img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="alert(1)"/></foreignObject></svg>`,
	svgNS + `<animate onbegin="alert(1)" attributeName="x" dur="1s"/></svg>`,
}

// svgOpenings returns, for each SVG file, the harness fragments that open
// it as an image and in an object, served by store as image/svg+xml.
func svgOpenings(store *pageStore, tag string, docs []string) []string {
	out := make([]string, len(docs))
	for i, d := range docs {
		u := store.put(fmt.Sprintf("/%s/%d.svg", tag, i), d, "image/svg+xml")
		out[i] = fmt.Sprintf(`<img src="%s" width="200" height="200"><img src="%s" width="200" height="200"><object type="image/svg+xml" data="%s" width="200" height="200"></object>`,
			u, svgDataURL(d), u)
	}
	return out
}

// TestSVGFileCorpus: every XSS vector of the corpus, placed in SVG
// documents (svgVectorDocs) and cleaned by svgfile under svg-upload,
// runs nothing in Chromium when the output is opened as a file
// (image/svg+xml, top-level, served by the harness with no CSP: the
// sanitiser alone is judged), as an <img> (from a URL and as data:) and
// in an <object>. The controls prove each way can execute.
func TestSVGFileCorpus(t *testing.T) {
	h := ready(t)
	store := newPageStore()
	defer store.srv.Close()
	ctx := context.Background()

	ctlTop, err := h.runAs(ctx, svgControls, "image/svg+xml")
	if err != nil {
		t.Fatal(err)
	}
	ctlEmbedded, err := h.run(ctx, svgOpenings(store, "control", svgControls))
	if err != nil {
		t.Fatal(err)
	}
	for i := range svgControls {
		if !ctlTop[i].Executed() {
			t.Errorf("control %d did not execute opened as a file: %q%s", i, svgControls[i], ctlTop[i].Summary())
		}
		if !ctlEmbedded[i].Executed() {
			t.Errorf("control %d did not execute in an object: %q%s", i, svgControls[i], ctlEmbedded[i].Summary())
		}
	}
	embeddedRan := countExecuted(ctlEmbedded)

	vectors := loadCorpus(t)
	var docs []string
	for _, v := range vectors {
		docs = append(docs, svgVectorDocs(v.HTML)...)
	}
	index := map[string]int{}
	var distinct []string
	rejected := 0
	outputs := make([]int, len(docs))
	for i, d := range docs {
		out, err := svgfile.String(d, policy.SVGUpload())
		if err != nil {
			rejected++
			outputs[i] = -1
			continue
		}
		if _, ok := index[out]; !ok {
			index[out] = len(distinct)
			distinct = append(distinct, out)
		}
		outputs[i] = index[out]
	}
	top, err := h.runAs(ctx, distinct, "image/svg+xml")
	if err != nil {
		t.Fatal(err)
	}
	embedded, err := h.run(ctx, svgOpenings(store, "clean", distinct))
	if err != nil {
		t.Fatal(err)
	}
	executed := 0
	for i, out := range distinct {
		for how, r := range map[string]Result{"as a file": top[i], "as img and object": embedded[i]} {
			if r.Executed() {
				executed++
				t.Errorf("an output executed %s:\n\t%q%s", how, trim(out, 2000), r.Summary())
			}
		}
	}
	t.Logf("%d vectors in %d SVG documents: %d refused by svgfile, %d distinct outputs, each opened as a file and as img and object; %d executed; controls: %d of %d ran as files, %d of %d embedded",
		len(vectors), len(docs), rejected, len(distinct), executed, countExecuted(ctlTop), len(svgControls), embeddedRan, len(svgControls))
}

// countExecuted counts the results with a signal.
func countExecuted(rs []Result) int {
	n := 0
	for _, r := range rs {
		if r.Executed() {
			n++
		}
	}
	return n
}
