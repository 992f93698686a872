package sanitize

// Review of issue 12 (the policy language for comment systems). Each test
// here fails on the code as reviewed and names one defect: its severity,
// what goes wrong, why it matters and a suggested fix. They are meant to
// pass once the defect is fixed.

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/safety"
	"github.com/htmlclean/htmlclean/policy"
)

// review12Features is testdata/policies/features.yaml, every issue 12
// setting on.
func review12Features(t *testing.T) *policy.Policy {
	t.Helper()
	p, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", "features.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// review12Hooked is the features policy with hooks.
func review12Hooked(t *testing.T, h policy.Hooks) *policy.Policy {
	t.Helper()
	c := review12Features(t).Config()
	c.Hooks = h
	return mustCompile(t, c)
}

// spoilerFilter drops an element with class "spoiler" and unwraps one
// with class "note", as the README's Hooks example does.
func spoilerFilter(e policy.ElementContext) policy.ElementAction {
	for _, a := range e.Attrs {
		if a.Key != "class" {
			continue
		}
		switch {
		case strings.Contains(a.Val, "spoiler"):
			return policy.Drop
		case strings.Contains(a.Val, "note"):
			return policy.Unwrap
		}
	}
	return policy.Keep
}

// TestReview12CSSCommentJoinsURL
//
// Severity: HIGH.
// What: sanitize/styles.go drops a comment token and then concatenates
// the raw tokens either side of it, so "url/**/(data:…)" (an ident "url",
// a comment, a "(" block; no url token, so cssURL never sees it) is
// written as "url(data:…)", a real url token the browser fetches. The
// url() never goes through urlnorm: the scheme allowlist (data: is not
// in the features policy's schemes), canonical form and the URL hook (an
// image proxy) are all bypassed. The output is not a fixed point (the
// second run drops the style) and breaks the faithful-output contract.
// The same join turns "color: r/**/ed" (invalid for the browser) into
// "color: red".
// Why it matters: any policy whose styles `match` lets url(...) through
// (the README's own example, 'url\([^()]*\)') loads third-party URLs
// the policy refuses: tracking pixels that skip the image proxy, data:
// and other schemes outside urls.schemes.
// Fix: do what the doc comment and README already say: drop a
// declaration that holds a comment (or, at least, write a comment as
// whitespace), and re-run css() over the rewritten value before keeping
// it, so the kept text is checked as the browser will tokenize it.
func TestReview12CSSCommentJoinsURL(t *testing.T) {
	p := review12Features(t)
	for _, in := range []string{
		`<div style="background-image: url/**/(data:image/png;base64,AAAA)">x</div>`,
		`<div style="background-image: u/**/rl(https://e.com/a%2)">x</div>`,
	} {
		out, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, problem := range safety.ProblemsEmbeds(out, p.URLOptions().Schemes, safety.SchemeOf, p.Config().Embeds.Hosts) {
			t.Errorf("String(%q) = %q: %s", in, out, problem)
		}
		if problem := faithfulProblem(t, in, p); problem != "" {
			t.Errorf("%q: %s", in, problem)
		}
	}

	// The image proxy of the README's Hooks section: every url() it would
	// change must drop the style ("CSS is never rewritten").
	proxy := func(u policy.URLContext) (string, bool) {
		if strings.HasPrefix(u.URL, "https://img.example/") {
			return u.URL, true
		}
		return "https://img.example/p?u=" + u.URL, true
	}
	hp := review12Hooked(t, policy.Hooks{URL: proxy})
	in := `<div style="background-image: u/**/rl(https://tracker.example/pixel.png)">x</div>`
	out, err := String(in, hp)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "tracker.example") {
		t.Errorf("String(%q) = %q: a url() bypassed the URL hook (image proxy)", in, out)
	}

	// README: "a declaration with an escape, a comment or !important ...
	// is dropped too".
	in = `<span style="color: r/**/ed">x</span>`
	if out, _ := String(in, p); out != `<span>x</span>` {
		t.Errorf("String(%q) = %q, want the declaration with a comment dropped", in, out)
	}
}

// TestReview12DropLeaksThroughIgnoredEndTag
//
// Severity: MEDIUM.
// What: an element the element hook drops is hidden until the pass
// closes its frame, but the pass closes a <div> at "</div>" even inside a
// table cell, where the HTML parser ignores that end tag (the div is not
// in scope: HTML §13.2.6.4.7, "any other end tag"/"</div>" needs the
// element in scope, and td/table are scope boundaries). The content the
// browser puts inside the dropped element ("SECRET", still in the td in
// the div) is written to the output.
// Why it matters: Drop is documented as "the element and everything in
// it, up to where the HTML parser closes it"; comment systems use it for
// spoilers, moderated quotes or tracking widgets, and an author can make
// part of the dropped content show.
// Fix: honour element scope for end tags in endTag (ignore an end tag
// whose element lies beyond a table/td/th/caption/template or an SVG
// integration point, as closeLink already does with fences), or at
// least keep hiding until the parser would close the frame.
func TestReview12DropLeaksThroughIgnoredEndTag(t *testing.T) {
	p := review12Hooked(t, policy.Hooks{Element: spoilerFilter})
	for _, in := range []string{
		`<div class="spoiler"><table><tr><td>x</div>SECRET</td></tr></table>z`,
		`<span class="spoiler"><table><tr><td>x</span>SECRET</td></tr></table>z`,
	} {
		out, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out, "SECRET") {
			t.Errorf("String(%q) = %q: content inside the dropped element is shown", in, out)
		}
	}
}

// TestReview12DroppedCellTakesNextCell
//
// Severity: MEDIUM.
// What: when the element hook drops (or unwraps) a td or tr, the frame is
// pushed as dropped, and closeMode skips dropped frames when it looks for
// the element that sets the insertion mode. An implied end ("<td>" after
// a dropped cell, "<tr>" after a dropped row) then closes the row (or the
// table section) too, and the next cell or row is lost: "two" vanishes,
// with only the first cell's removed-content line to report it.
// Why it matters: the README promises "<li class=spoiler>a<li>b drops the
// first item only"; with cells the user's content next to a dropped one
// disappears without a report line of its own (over-removal).
// Fix: in closeMode, stop at a mode element even when it is a hook-dropped
// frame (mark hook frames apart from "misplaced" ones, or check the
// frame's name against modeOf regardless of dropped for those).
func TestReview12DroppedCellTakesNextCell(t *testing.T) {
	p := review12Hooked(t, policy.Hooks{Element: spoilerFilter})
	for _, in := range []string{
		`<table><tr><td class="spoiler">secret<td>two</table>`,
		`<table><tr class="spoiler"><td>secret<tr><td>two</table>`,
	} {
		out, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out, "secret") || !strings.Contains(out, "two") {
			t.Errorf("String(%q) = %q, want the dropped cell or row gone and the next one kept", in, out)
		}
	}
}

// TestReview12HookRemovalJoinsWords
//
// Severity: LOW.
// What: with word_breaks on, a <br> or block element the element hook
// drops or unwraps leaves no break: startTag's Unwrap and Drop branches
// do not call dropBreak (endTag's "</br>" branch does), so
// "one<br class=spoiler>two" becomes "onetwo" while "one</br>two" under
// the same hook becomes "one\ntwo".
// Why it matters: word_breaks promises a break wherever a dropped br or
// block element separated words; hooks are the one removal path that
// breaks it, and text-only output runs words together.
// Fix: call s.dropBreak(name) in the Unwrap and Drop branches of
// startTag (and on the unwrapped element's end).
func TestReview12HookRemovalJoinsWords(t *testing.T) {
	p := review12Hooked(t, policy.Hooks{Element: spoilerFilter})
	for _, tc := range []struct{ in, want string }{
		{`one<br class="spoiler">two`, "one\ntwo"},
		{`a<div class="note">b</div>c`, "a\nb\nc"},
	} {
		got, err := String(tc.in, p)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestReview12EmbedKeepsIDAndName
//
// Severity: LOW.
// What: with ids.prefix set, check() handles id and name before the
// element's own rules, for every element, so a kept iframe keeps name
// and id (prefixed). policy.Embeds and the README say every attribute
// but src, width, height, title, frameborder, allowfullscreen, loading
// and referrerpolicy goes, "among it ... name (a named frame is a global
// of the page and a link target) ... and id".
// Why it matters: a named frame becomes a navigation target
// (window.open(url, "user-content-x") and target= on the page's own
// links) and sets the embedded page's window.name; the documented
// attribute list of a security-sensitive element is false.
// Fix: in check(), leave id/name to the element's rules when el.Name is
// the embed element (or drop them there explicitly).
func TestReview12EmbedKeepsIDAndName(t *testing.T) {
	p := review12Features(t)
	in := `<iframe src="https://www.youtube.com/embed/x" name="player" id="v"></iframe>`
	out, err := String(in, p)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "name=") || strings.Contains(out, "id=") {
		t.Errorf("String(%q) = %q, want an iframe without name and id", in, out)
	}
}

// TestReview12StyleNewlineReportedAsURL
//
// Severity: LOW.
// What: a style allowed per property with a CR or FF in it ("color:&#13;
// red") is written with the CSS preprocessed newline (LF) by styles(), but
// no rewrite reason is set, so attributes() reports it as
// "rewrote-url span style (canonical)": a URL action on a style
// attribute.
// Why it matters: Change.Reason is now a typed, documented set; a report
// consumer filtering on RewroteURL (link rewriting, proxies) sees style
// changes, and the reason does not say what changed.
// Fix: in styles() (or check's KindCSS branch) set rewroteAction/
// rewroteWhy when the preprocessed value differs from the input (e.g.
// RewroteAttribute with a css newline reason, or ReasonCSSFiltered).
func TestReview12StyleNewlineReportedAsURL(t *testing.T) {
	p := review12Features(t)
	in := `<span style="color:&#13;red">x</span>`
	_, changes, err := StringReport(in, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range changes {
		if c.Attribute == "style" && c.Action == RewroteURL {
			t.Errorf("StringReport(%q) reported %v: a style is not a URL", in, c)
		}
	}
}
