package sanitize

import (
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/policy"
)

// attrOf returns the value of attribute key on the first el element of
// an HTML fragment, parsed as a browser's tokenizer would.
func attrOf(fragment, el, key string) (string, bool) {
	z := html.NewTokenizer(strings.NewReader(fragment))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return "", false
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			if tok.Data != el {
				continue
			}
			for _, a := range tok.Attr {
				if a.Key == key {
					return a.Val, true
				}
			}
			return "", false
		}
	}
}

// TestKindReproducers: attributes that are not URLs are not checked as
// URLs: controls and muted are not dropped as empty-url, and
// itemprop="Foo Bar" does not become Foo%20Bar.
func TestKindReproducers(t *testing.T) {
	p := mustPolicy(t, "extends: ugc\nadd:\n  elements: [video]\n  attributes:\n    - {name: controls, on: [video]}\n    - {name: muted, on: [video]}\n    - {name: preload, on: [video]}\n    - {name: itemprop, on: [span]}\n    - {name: x-note, kind: text, on: [span]}\n    - {name: data-src, kind: url, on: [span]}\n")
	in := `<video controls muted preload="metadata"></video><span itemprop="Foo Bar" x-note="a b" data-src="HTTPS://Example.COM">x</span><span data-src="javascript:alert(1)">y</span>`
	got, err := String(in, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct{ el, key, val string }{
		{"video", "controls", ""}, {"video", "muted", ""}, {"video", "preload", "metadata"},
		{"span", "itemprop", "Foo Bar"}, {"span", "x-note", "a b"}, {"span", "data-src", "https://example.com/"},
	} {
		if v, ok := attrOf(got, want.el, want.key); !ok || v != want.val {
			t.Errorf("%s[%s] = %q, %v; want %q in %s", want.el, want.key, v, ok, want.val, got)
		}
	}
	if strings.Contains(got, "javascript") {
		t.Errorf("a declared URL attribute kept javascript: %s", got)
	}
	if again, _ := String(got, p); again != got {
		t.Errorf("not idempotent: %q -> %q", got, again)
	}
}

// TestEveryKnownAttribute is the class check: with every attribute of the
// built-in table allowed, a javascript: value survives exactly on the
// inert kinds, and there unchanged, as does text with spaces; on every
// URL and CSS kind it is dropped.
func TestEveryKnownAttribute(t *testing.T) {
	// The top-layer attributes are inert text too; without
	// AllowTopLayer they are dropped (TestTopLayerAttributes).
	c := policy.Config{Elements: []string{"span"}, URLs: policy.URLs{Schemes: []string{"http", "https"}}, AllowTopLayer: true}
	for _, name := range policy.KnownAttributes() {
		one := policy.Config{Elements: []string{"span"}, Attributes: []policy.Attribute{{Name: name}}}
		if _, err := policy.Compile(one); err != nil {
			continue // never allowed (srcdoc, rel, ...): Compile says why
		}
		c.Attributes = append(c.Attributes, policy.Attribute{Name: name})
	}
	if len(c.Attributes) < 350 {
		t.Fatalf("only %d attributes allowed", len(c.Attributes))
	}
	p, err := policy.Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range c.Attributes {
		kind := policy.KindOf(a.Name)
		for _, val := range []string{"javascript:alert(1)", "Foo Bar"} {
			got, err := String(`<span `+a.Name+`="`+val+`">x</span>`, p)
			if err != nil {
				t.Fatal(err)
			}
			v, kept := attrOf(got, "span", a.Name)
			switch {
			case kind.Inert() && (!kept || v != val):
				t.Errorf("%s (%s) = %q, %v; want %q unchanged", a.Name, kind, v, kept, val)
			case !kind.Inert() && val == "javascript:alert(1)" && kept:
				t.Errorf("%s (%s) kept %q", a.Name, kind, v)
			}
		}
	}
}
