package sanitize

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy"
)

// allMigration is testdata/policies/all-migration.yaml: every scheme but
// a denylist, data: images, the author's rel and targets, crossorigin.
func allMigration(tb testing.TB) *policy.Policy {
	tb.Helper()
	p, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", "all-migration.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// A one-pixel PNG's first bytes and a GIF, strict base64.
const (
	png1 = "data:image/png;base64,iVBORw0KGgo="
	gif1 = "data:image/gif;base64,R0lGODlhAQABAAAAACw="
)

// authoredSeeds are FuzzStages seeds for the settings of
// all-migration.yaml.
var authoredSeeds = []string{
	`<img src="` + png1 + `" alt="x" crossorigin=use-credentials>`,
	`<picture><source srcset="` + gif1 + ` 1x, /b.png 2x"><img srcset="` + png1 + `"></picture>`,
	`<a href="web+foo:bar" rel="Tag me opener" target="_BLANK">x</a><a href="ftp://x/" target="preview">y</a>`,
	`<video src="/v.mp4" controls><source src="` + png1 + `"></video><audio src="/a.ogg" crossorigin>`,
}

func TestAuthoredSettings(t *testing.T) {
	p := allMigration(t)
	tests := []struct{ name, in, want string }{
		{"data image kept", `<img src="` + png1 + `" alt="x">`, `<img src="` + png1 + `" alt="x" crossorigin="anonymous">`},
		{"data image written lower case", `<img src=" DATA:Image/PNG;BASE64,iVBORw0KGgo= ">`, `<img src="` + png1 + `" crossorigin="anonymous">`},
		{"data image in srcset", `<img srcset="` + png1 + ` 1x, /a.png 2x">`, `<img srcset="` + png1 + ` 1x, /a.png 2x" crossorigin="anonymous">`},
		{"data image in picture source", `<picture><source srcset="` + gif1 + `"><img src="/x.png"></picture>`,
			`<picture><source srcset="` + gif1 + `"><img src="/x.png" crossorigin="anonymous"></picture>`},
		{"svg data image refused", `<img src="data:image/svg+xml;base64,PHN2Zz4=">`, ``},
		{"html data refused", `<img src="data:text/html;base64,PHNjcmlwdD4=">`, ``},
		{"data image with a line break refused", "<img src=\"data:image/png;base64,iVBO\nRw0KGgo=\">", ``},
		{"data image with loose padding bits refused", `<img src="data:image/png;base64,iVBORw0KGgp=">`, ``},
		{"data image with a parameter refused", `<img src="data:image/png;charset=x;base64,iVBORw0KGgo=">`, ``},
		{"data image percent-encoded refused", `<img src="data:image/png,%89PNG">`, ``},
		{"data image with a tab in its scheme refused", "<img src=\"da\tta:image/png;base64,iVBORw0KGgo=\">", ``},
		{"data on a link refused", `<a href="` + png1 + `">x</a>`, `x`},
		{"data on a media source refused", `<video controls><source src="` + png1 + `"></video>`, `<video controls crossorigin="anonymous"></video>`},
		{"custom scheme kept", `<a href="web+foo:bar">x</a>`, `<a href="web+foo:bar" rel="nofollow noopener noreferrer">x</a>`},
		{"denied scheme refused", `<a href="ftp://e.example/">x</a>`, `x`},
		{"floor: javascript", `<a href="javascript:alert(1)">x</a>`, `x`},
		{"floor: livescript", `<a href="LiveScript:alert(1)">x</a>`, `x`},
		{"floor: file", `<a href="file:///etc/passwd">x</a>`, `x`},
		{"floor: vbscript", `<a href="vbscript:msgbox">x</a>`, `x`},
		{"empty authority", `<a href="web+x://">x</a><a href="A://?q">y</a><a href="irc://#f">z</a>`, `xyz`},
		{"empty authority with a path kept", `<a href="web+x:///p">x</a>`, `<a href="web+x:///p" rel="nofollow noopener noreferrer">x</a>`},
		{"floor: blob", `<a href="blob:https://e.example/5a1c">x</a>`, `x`},
		{"floor: filesystem", `<img src="filesystem:https://e.example/temporary/x.png">`, ``},
		{"author rel merged and sorted", `<a href="/t" rel="Tag opener ME stylesheet">x</a>`, `<a href="/t" rel="me nofollow noopener noreferrer tag">x</a>`},
		{"author target kept", `<a href="/t" target="preview">x</a>`, `<a href="/t" target="preview" rel="nofollow noopener noreferrer">x</a>`},
		{"author target keyword lower case", `<a href="/t" target="_SELF">x</a>`, `<a href="/t" target="_self" rel="nofollow noopener noreferrer">x</a>`},
		{"author target not listed", `<a href="/t" target="other">x</a>`, `<a href="/t" rel="nofollow noopener noreferrer">x</a>`},
		{"target_blank wins on external links", `<a href="https://e.example/" target="_top">x</a>`, `<a href="https://e.example/" target="_blank" rel="nofollow noopener noreferrer">x</a>`},
		{"crossorigin replaced", `<video src="/v.mp4" crossorigin="use-credentials"></video>`, `<video src="/v.mp4" crossorigin="anonymous"></video>`},
		{"crossorigin not on a bare image", `<img>`, ``},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := String(tc.in, p)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if diff := policyStageDiff(t, tc.in, p); diff != "" {
				t.Errorf("the policy stage changed the pass's output: %s", diff)
			}
		})
	}
}

// TestAuthoredTargetOpener: without links.rel, a kept _blank or window
// name still gets noopener, and _self gets nothing.
func TestAuthoredTargetOpener(t *testing.T) {
	c, err := policy.PresetConfig("basic")
	if err != nil {
		t.Fatal(err)
	}
	c.Links = policy.Links{Targets: []string{"_blank", "_self", "w"}, AuthorRel: []string{"tag"}}
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{
		{`<a href="/t" target="_blank">x</a>`, `<a href="/t" target="_blank" rel="noopener">x</a>`},
		{`<a href="/t" target="w" rel="tag">x</a>`, `<a href="/t" target="w" rel="noopener tag">x</a>`},
		{`<a href="/t" target="_self">x</a>`, `<a href="/t" target="_self">x</a>`},
		{`<a target="_blank" rel="tag">x</a>`, `x`},
	}
	for _, tc := range tests {
		got, err := String(tc.in, p)
		if err != nil || got != tc.want {
			t.Errorf("String(%q) = %q, %v, want %q", tc.in, got, err, tc.want)
		}
		if diff := policyStageDiff(t, tc.in, p); diff != "" {
			t.Errorf("the policy stage changed the pass's output: %s", diff)
		}
	}
}

// TestAuthoredCorpusSafety runs the XSS corpus through the policy that
// turns every setting of this kind on: nothing that runs script, no URL
// with a denied or floor scheme, data: only in an image's src or srcset,
// no leak, a fixed point, and nothing left for the policy stage.
func TestAuthoredCorpusSafety(t *testing.T) {
	p := allMigration(t)
	deny := map[string]bool{"javascript": true, "vbscript": true, "livescript": true, "file": true, "ftp": true, "ws": true, "wss": true}
	for _, v := range loadVectors(t) {
		out, err := String(v.Input, p)
		var le *LimitError
		if errors.As(err, &le) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		// Every scheme counts as "ok" but the refused ones and data:,
		// which dataOnlyInImages checks.
		scheme := func(u string) string {
			s := safety.SchemeOf(u)
			if deny[s] || s == "data" {
				return s
			}
			return "ok"
		}
		problems := safety.ProblemsEmbeds(out, []string{"ok", "data"}, scheme, nil)
		problems = append(problems, dataOutsideImages(out)...)
		problems = append(problems, safety.Leaks(out)...)
		for _, pr := range problems {
			t.Errorf("%s: %s\ninput:  %q\noutput: %q", v.ID, pr, v.Input, out)
		}
		if again, err := String(out, p); err != nil || again != out {
			t.Errorf("%s: not idempotent:\nonce:  %q\ntwice: %q (%v)", v.ID, out, again, err)
		}
		if diff := policyStageDiff(t, v.Input, p); diff != "" {
			t.Errorf("%s: the policy stage changed the pass's output: %s\ninput: %q", v.ID, diff, v.Input)
		}
	}
}

// dataOutsideImages lists the attributes of out, parsed as a browser
// parses it, that hold a data: URL anywhere but img src or srcset and
// source srcset, or one that is not a listed image type.
func dataOutsideImages(out string) []string {
	doc, err := html.Parse(strings.NewReader(out))
	if err != nil {
		return []string{err.Error()}
	}
	var problems []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for _, a := range n.Attr {
			if !strings.Contains(strings.ToLower(a.Val), "data:") {
				continue
			}
			image := n.Namespace == "" && (n.Data == "img" && (a.Key == "src" || a.Key == "srcset") || n.Data == "source" && a.Key == "srcset")
			ok := image && slices.ContainsFunc([]string{"data:image/png;", "data:image/jpeg;", "data:image/gif;", "data:image/webp;"},
				func(pre string) bool { return strings.Contains(a.Val, pre) })
			if !ok && (image || safety.SchemeOf(a.Val) == "data") {
				problems = append(problems, "<"+n.Data+" "+a.Key+"="+a.Val+">: data: URL")
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return problems
}
