package sanitize

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/policy"
)

// sheetPlaceInputs are documents that try to end the wrapper early, leave
// something open around the sheet, or hide a sheet where the pass does
// not read one.
var sheetPlaceInputs = []struct{ name, in string }{
	{"end-tags", `<style>p{color:red}</style></div></div></body></html><p>after</p>`},
	{"end-tags-first", `</div></div></body></html><style>p{color:red}</style>x`},
	{"unclosed-elements", `<style>p{color:red}</style><div><table><tr><td><ul><li><p>x`},
	{"sheet-in-table", `<table><style>p{color:red}</style><tr><td>x`},
	{"sheet-in-paragraph", `<p>x<style>p{color:red}</style>y`},
	{"sheet-in-select", `<select><style>p{color:red}</style><option>x`},
	{"sheet-in-template", `<template><style>p{color:red}</style></template>x`},
	{"sheet-in-noscript", `<noscript><style>p{color:red}</style></noscript>x`},
	{"sheet-in-svg", `<svg><style>p{color:red}</style><circle r=1 /></svg><style>b{color:red}</style>`},
	{"sheet-in-mathml", `<math><mtext><style>p{color:red}</style></mtext></math><style>b{color:red}</style>`},
	{"foreign-end-tags", `<svg><foreignObject><div></svg></div></div><style>p{color:red}</style>`},
	{"mathml-end-tags", `<math><mi><div></math></div></div><style>p{color:red}</style>`},
	{"sheet-left-open", `<p>x</p><style>p{color:red}</div></body>`},
	{"sheets-head-and-body", `<html><head><style>a{color:red}</style></head><body><style>b{color:red}</style><p>x</p><style>i{color:red}</style></body></html>`},
	{"adoption-agency", `<a href="https://a.example/"><div>x</a></div><style>p{color:red}</style>`},
	{"form-div", `<form><div>x</form></div><style>p{color:red}</style>`},
	{"foster-parent", `<table><div>x</div><tr><td>y</td></tr></table><style>p{color:red}</style>`},
	{"scope-markers", `<object><div></object></div><marquee><div></marquee></div><style>p{color:red}</style>`},
	{"caption-cell-alone", `<caption><div></caption><td><div></td></div><style>p{color:red}</style>`},
	{"button-div", `<button><div></button></div><style>p{color:red}</style>`},
	{"raw-text", `<xmp></div><style></xmp><textarea></div></textarea><noembed></div></noembed><style>p{color:red}</style>`},
	{"plaintext", `<style>p{color:red}</style><plaintext></div><style>`},
	{"comments", `<!-- </div> --><svg><![CDATA[</div>]]></svg><style>p{color:red}</style>`},
	{"body-twice", `<body><body><div>x<body></div><style>p{color:red}</style>`},
	{"frameset", `<div><frameset><frame></frameset></div><style>p{color:red}</style>`},
	{"nul", "<div\x00>x</div\x00><style>p{color:red}\x00</style>"},
	{"wrapper-output", `<div class="htmlclean-mail" style="position: relative; overflow: hidden">x<style>@scope{:scope.htmlclean-mail p{color:red}` + "\n" + `}</style></div>`},
	{"wrapper-output-content-after", `<div class="htmlclean-mail" style="position: relative; overflow: hidden">x<style>@scope{:scope.htmlclean-mail p{color:red}` + "\n" + `}</style></div><p>after</p>`},
	{"wrapper-output-sheet-first", `<div class="htmlclean-mail" style="position: relative; overflow: hidden"><style>@scope{:scope.htmlclean-mail p{color:red}` + "\n" + `}</style>x</div>`},
	{"wrapper-output-sheet-outside", `<div class="htmlclean-mail" style="position: relative; overflow: hidden">x</div><style>.htmlclean-mail p{color:red}</style>`},
	{"wrapper-output-nested", `<div class="htmlclean-mail" style="position: relative; overflow: hidden"><div class="htmlclean-mail" style="position: relative; overflow: hidden">x<style>@scope{p{color:red}}</style></div></div>`},
	{"scope-tricks", `<style>@scope{:scope ~ *{display:none}} :scope{color:red}</style><style>@scope (body){p{color:red}}</style>x`},
	{"long", `<style>a{color:red}</style><div>` + strings.Repeat(`<p class="x">paragraph <b>bold</b></p>`, 3000) + `<style>b{color:red}</style></div><table><tr><td>`},
}

// TestMailSheetInWrapper: whatever the document, the output read by a
// browser (x/net/html, in a host page, between elements of the host's)
// is one wrapper, a child of the body, whose last child is the one
// <style> element if there is a sheet; the host's element after it
// stays outside. In memory and streamed alike, and again once
// sanitised again. The corpus (XSS vectors and mails) is read too.
func TestMailSheetInWrapper(t *testing.T) {
	p := policy.Mail()
	check := func(t *testing.T, in string) {
		t.Helper()
		got, err := String(in, p)
		if le := (*LimitError)(nil); errors.As(err, &le) {
			t.Skip(err) // no output to read
		}
		if err != nil {
			t.Fatal(err)
		}
		sameStreamed(t, in, got, p)
		if problem := sheetPlace(got); problem != "" {
			t.Errorf("%s\nin:  %q\nout: %q", problem, in, got)
		}
		again, err := String(got, p)
		if err != nil || again != got {
			t.Errorf("not a fixed point: %v\nonce:  %q\ntwice: %q", err, got, again)
		}
	}
	for _, tc := range sheetPlaceInputs {
		t.Run(tc.name, func(t *testing.T) { check(t, tc.in) })
	}
	for _, v := range loadVectors(t) {
		t.Run("xss/"+v.ID, func(t *testing.T) { check(t, v.Input) })
	}
	mails, _ := filepath.Glob(filepath.Join("..", "testdata", "mail", "*.html"))
	for _, name := range mails {
		raw, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Run("mail/"+filepath.Base(name), func(t *testing.T) { check(t, string(raw)) })
	}
}

// sheetPlace parses out in a host page, twice over (two mails shown
// together), and describes what is out of place, or returns "".
func sheetPlace(out string) string {
	page := `<!DOCTYPE html><html><body><div id="before">b</div>` + out + out + `<p id="after">a</p></body></html>`
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		return err.Error()
	}
	var body *html.Node
	var wrappers, styles []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch {
			case n.Data == "body":
				body = n
			case n.Data == "style":
				styles = append(styles, n)
			case n.Data == "div" && attrValue(n, "class") == rules.WrapperClass:
				wrappers = append(wrappers, n)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	var kids []string
	for c := body.FirstChild; c != nil; c = c.NextSibling {
		kids = append(kids, fmt.Sprintf("%s#%s.%s", c.Data, attrValue(c, "id"), attrValue(c, "class")))
	}
	want := []string{"div#before.", "div#." + rules.WrapperClass, "div#." + rules.WrapperClass, "p#after."}
	if strings.Join(kids, " ") != strings.Join(want, " ") {
		return fmt.Sprintf("body holds %v, want %v", kids, want)
	}
	if len(wrappers) != 2 {
		return fmt.Sprintf("%d wrappers, want 2", len(wrappers))
	}
	if len(styles) != 0 && len(styles) != 2 {
		return fmt.Sprintf("%d <style> elements, want none or one per mail", len(styles))
	}
	for i, s := range styles {
		if s.Parent != wrappers[i] || s.NextSibling != nil {
			return fmt.Sprintf("<style> %d is not the last child of wrapper %d", i+1, i+1)
		}
	}
	return ""
}

func attrValue(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key && a.Namespace == "" {
			return a.Val
		}
	}
	return ""
}

// TestMailSheetReadBack: an output read again reports nothing; a sheet
// elsewhere than its wrapper's end, as written before @scope or with
// content after it, is reported moved, and comes out as the last child.
func TestMailSheetReadBack(t *testing.T) {
	const open = `<div class="htmlclean-mail" style="position: relative; overflow: hidden">`
	const sheet = `<style>@scope{:scope.htmlclean-mail p{color:red}` + "\n" + `}</style>`
	tests := []struct {
		name, in string
		moved    bool
	}{
		{"as-written", open + `<p>x</p>` + sheet + `</div>`, false},
		{"content-after", open + `<p>x</p>` + sheet + `<p>y</p></div>`, true},
		{"sheet-first", open + sheet + `<p>x</p></div>`, true},
		{"after-wrapper", open + `<p>x</p></div><style>.htmlclean-mail p{color:red}</style>`, true},
		{"not-scope-rule", open + `<p>x</p><style>:scope.htmlclean-mail p{color:red}` + "\n" + `</style></div>`, true},
		{"two-sheets", open + `<p>x</p>` + sheet + sheet + `</div>`, true},
	}
	p := policy.Mail()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, changes, err := stringReport(tc.in, p)
			if err != nil {
				t.Fatal(err)
			}
			moved := false
			for _, c := range changes {
				moved = moved || c.Reason == ReasonStylesheetMoved
			}
			if moved != tc.moved || !tc.moved && changed(changes) {
				t.Errorf("stringReport(%q): moved %v, want %v (%v)", tc.in, moved, tc.moved, changes)
			}
			if !strings.HasSuffix(got, "<p>x</p>"+sheet+`</div>`) && !strings.HasSuffix(got, "\n}</style></div>") {
				t.Errorf("stringReport(%q) = %q, want the sheet last in the wrapper", tc.in, got)
			}
		})
	}
}
