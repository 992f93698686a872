package fuzz

import (
	"errors"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/fuzz/internal/oracle"
	"github.com/htmlclean/htmlclean/internal/testing/domtest"
	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// FuzzSanitize checks, under every preset and the permissive, comment-settings
// and foreign test policies:
//   - no panic; an error is only a *sanitize.LimitError, with no output;
//   - the output, parsed as a browser would, has nothing that runs script
//     and no URL with a scheme outside the policy's list;
//   - the output stays in its container on a page (safety.Leaks);
//   - sanitising the output again changes nothing;
//   - the output differs from the input if and only if a change (not just
//     a flag) is reported, and none is a policy-stage change (the second
//     stage had to step in: a first-stage bug);
//   - the output (faithful: tokens as written) parses to the same DOM as
//     its tokens written out as x/net/html writes them (what the policy
//     stage writes), so no kept raw bytes read otherwise than their token;
//   - the changes reported stay as they were reported after later calls
//     (they own their memory);
//   - under ids.keep: unclobbered (the ids-keep policy), no id or name
//     in the output is a value rules.Clobbers refuses.
//
// That the policy stage changes nothing the pass wrote is checked by
// sanitize.FuzzStages, which needs the pass alone.
func FuzzSanitize(f *testing.F) {
	for _, file := range []string{"bluemonday_tests.jsonl", "dompurify_fixtures.jsonl",
		"h5sc_html5sec.jsonl", "owasp_xss_filter_evasion.jsonl", "sonarsource_mxss_examples.jsonl"} {
		for _, s := range jsonlField(f, filepath.Join("xss", file), "input") {
			f.Add(s)
		}
	}
	for _, s := range []string{ // the comment-settings policy's settings
		`<p class=" spoiler	evil  note " data-x=1 data-src=/a data-xmlns=x id="fn:1">x</p>`,
		`<sup id=fnref:1><a href="#fn:1" name=n>1</a></sup><a href="#%66n:1">f</a><a href="#:~:text=a">t</a>`,
		`<pre class="lang-go x<y" data-md-x="a b"><code class="LANGUAGE-GO prettyprint">x</code></pre>`,
		`<a href="https://forum.example/">i</a><a href="//evil.example/" rel=me>e</a><svg><use href="#i"></use></svg>`,
		// the foreign policy's namespace switches
		`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
		`<math><annotation-xml encoding="text/html"><style><img src=x onerror=alert(1)></style></annotation-xml></math>`,
		`<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>`,
		`<svg><foreignObject><p>x</p></foreignObject><title>t<b>b</b></title><use href="//evil.example/#x"/></svg>`,
	} {
		f.Add(s)
	}
	policies := map[string]*policy.Policy{}
	for _, name := range policy.Presets() {
		p, err := policy.Preset(name)
		if err != nil {
			f.Fatal(err)
		}
		policies[name] = p
	}
	// permissive allows every URL-bearing attribute the pass checks;
	// comment-settings turns on data-* wildcards, per-token classes, prefixed ids
	// (with same-document links rewritten) and rel on external links.
	// foreign keeps SVG and MathML, with every element that switches
	// the parser between namespaces.
	for _, name := range []string{"permissive", "comment-settings", "foreign"} {
		p, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", name+".yaml"))
		if err != nil {
			f.Fatal(err)
		}
		policies[name] = p
	}
	policies["hooks"] = hooksPolicy(f)
	policies["ids-keep"] = idsKeepPolicy(f) // clobber_test.go
	for _, s := range idsKeepSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for name, p := range policies {
			if out, ok := checkSanitize(t, name, in, p); ok && p.Config().IDs.Keep != "" {
				checkUnclobbered(t, name, in, out)
			}
		}
	})
}

// checkSanitize sanitizes in under p and checks FuzzSanitize's
// properties. It returns the output, or false after a limit error.
func checkSanitize(t *testing.T, name, in string, p *policy.Policy) (string, bool) {
	out, err := sanitize.String(in, p)
	if err != nil {
		var le *sanitize.LimitError
		if !errors.As(err, &le) {
			t.Fatalf("%s: String(%q): %v", name, in, err)
		}
		if out != "" {
			t.Fatalf("%s: output with an error", name)
		}
		return "", false
	}
	schemes, scheme := p.URLOptions().Schemes, oracle.BrowserScheme
	if p.Config().URLs.Relative == policy.RelativeFragment {
		schemes, scheme = append(schemes, safety.Fragment), safety.FragmentScheme(scheme)
	}
	for _, problem := range safety.ProblemsEmbeds(out, schemes, scheme, p.Config().Embeds.Hosts) {
		t.Errorf("%s: %s\ninput:  %q\noutput: %q", name, problem, in, out)
	}
	for _, leak := range safety.Leaks(out) {
		t.Errorf("%s: leaks: %s\ninput:  %q\noutput: %q", name, leak, in, out)
	}
	if again, err := sanitize.String(out, p); err != nil || again != out {
		t.Fatalf("%s: not idempotent:\ninput: %q\nonce:  %q\ntwice: %q (%v)", name, in, out, again, err)
	}
	checkReported(t, name, in, out, p)
	if diff := domtest.DiffMarkup(reserialised(out), out, domtest.Options{}); diff != "" {
		t.Errorf("%s: the output parses otherwise than its tokens (want tokens, got output): %s\ninput:  %q\noutput: %q", name, diff, in, out)
	}
	checkReportKept(t, name, in, p)
	return out, true
}

// checkReported checks that out differs from in exactly when a change is
// reported, and that the policy stage never had to step in.
func checkReported(t *testing.T, name, in, out string, p *policy.Policy) {
	var changes []sanitize.Change
	again, err := sanitize.StringWith(in, p, sanitize.Options{Report: func(c sanitize.Change) { changes = append(changes, c) }})
	if err != nil || again != out {
		t.Fatalf("%s: StringWith with a report differs from String: %v\n%q\n%q", name, err, again, out)
	}
	changed := false
	for _, c := range changes {
		if c.Action == sanitize.PolicyStage {
			t.Errorf("%s: the policy stage stepped in: %v\ninput: %q", name, c, in)
		}
		changed = changed || c.Action != sanitize.Flagged
	}
	if changed != (out != in) {
		t.Errorf("%s: output differs: %v, change reported: %v %v\ninput:  %q\noutput: %q", name, out != in, changed, changes, in, out)
	}
}

// reserialised writes s's tokens as x/net/html's Token.String does, as
// the policy stage writes what it keeps.
func reserialised(s string) string {
	z := html.NewTokenizer(strings.NewReader(s))
	var b strings.Builder
	inStyle := false // a mail's sheet (document: wrap): raw text, written as it is
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		tok := z.Token()
		if tt == html.TextToken && inStyle {
			b.WriteString(tok.Data)
			continue
		}
		inStyle = tt == html.StartTagToken && tok.Data == "style"
		b.WriteString(tok.String())
	}
	return b.String()
}

// checkReportKept reports in, copying each change as it is reported,
// sanitises other documents, and checks the changes kept are unchanged.
func checkReportKept(t *testing.T, name, in string, p *policy.Policy) {
	var kept, copied []sanitize.Change
	err := sanitize.SanitizeWith(io.Discard, strings.NewReader(in), p, sanitize.Options{Report: func(c sanitize.Change) {
		kept = append(kept, c)
		c.Element, c.Attribute, c.Reason = strings.Clone(c.Element), strings.Clone(c.Attribute), sanitize.Reason(strings.Clone(string(c.Reason)))
		c.Before, c.After = strings.Clone(c.Before), strings.Clone(c.After)
		copied = append(copied, c)
	}})
	if err != nil {
		return // a limit error: checked above
	}
	for _, other := range []string{strings.ToUpper(in), in + in, reportNoise} {
		sanitize.String(other, p)
	}
	for i := range kept {
		if kept[i] != copied[i] {
			t.Fatalf("%s: change %d altered by later calls:\nreported: %+v\nnow:      %+v\ninput: %q", name, i, copied[i], kept[i], in)
		}
	}
}

// reportNoise is a document that rewrites many pooled bytes.
var reportNoise = strings.Repeat(`<a href=" HTTP://ZZZZZZZZZZ.example/ZZZZ " TITLE=ZZZZ onclick=zzz>z</a><img src=javascript:zz>`, 40)

// hooksPolicy is the permissive test policy with Go hooks that take every
// branch: an idempotent image proxy, a refusal, a rewrite urlnorm refuses,
// and an element filter that keeps, unwraps and drops by the element's
// name and attribute count.
func hooksPolicy(tb testing.TB) *policy.Policy {
	tb.Helper()
	c, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", "permissive.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	cfg := c.Config()
	cfg.Hooks.URL = func(u policy.URLContext) (string, bool) {
		switch {
		case strings.HasPrefix(u.URL, "https://img.example/"):
			return u.URL, true
		case u.Element == "img":
			return "https://img.example/p?u=" + url.QueryEscape(u.URL), true
		case strings.Contains(u.URL, "q"):
			return "", false
		case strings.Contains(u.URL, "z"):
			return "javascript:alert(1)", true
		}
		return u.URL, true
	}
	cfg.Hooks.Element = func(e policy.ElementContext) policy.ElementAction {
		return policy.ElementAction((len(e.Name) + len(e.Attrs)) % 3)
	}
	p, err := policy.Compile(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}
