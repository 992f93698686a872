package sanitize

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/htmlclean/htmlclean/internal/testing/domtest"
	"github.com/htmlclean/htmlclean/policy"
)

// faithfulDocs are the documents the faithful-output properties run on:
// the bench comments and pages, and the XSS corpus.
func faithfulDocs(t *testing.T) map[string]string {
	t.Helper()
	docs := map[string]string{}
	bench := filepath.Join("..", "testdata", "corpus", "bench")
	for _, dir := range []string{"comments", "pages"} {
		names, data := benchDocs(t, filepath.Join(bench, dir))
		for i, n := range names {
			docs[dir+"/"+n] = string(data[i])
		}
	}
	for _, v := range loadVectors(t) {
		docs["xss/"+v.ID] = v.Input
	}
	// Mail templates and foreign content (SVG icons, KaTeX's MathML):
	// read with the XSS vectors, under every policy.
	for _, glob := range []string{"corpus/xss/*.html", "foreign/*/*.svg", "foreign/*/*.html", "mail/*.html"} {
		files, _ := filepath.Glob(filepath.Join("..", "testdata", glob))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			docs["xss/"+filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f)] = string(data)
		}
	}
	return docs
}

// faithfulPolicies are the policies TestFaithfulOutput runs: the test
// policies, the SVG and MathML ones with comments kept, and, under
// HTMLCLEAN_LONG, every preset under small limits.
func faithfulPolicies(t *testing.T) map[string]*policy.Policy {
	ps := testPolicies(t)
	ps["all-migration"] = allMigration(t)
	for name, p := range foreignCommentPolicies(t) {
		ps[name] = p
	}
	if longTests() {
		// TestFixedPointAtLimits reads the limit documents under these
		// in a short run.
		for name, p := range limitPolicies(t) {
			ps[name] = p
		}
	}
	return ps
}

// TestFaithfulOutput checks, for every document of faithfulDocs under
// every policy of faithfulPolicies:
//   - the policy stage, run over the pass's faithful form, writes exactly
//     the canonical form: it had nothing to remove, and the pass predicted its
//     serialisation, so the faithful form is what the user gets;
//   - the faithful form and the stage's output parse (html.Parse) to the
//     same DOM;
//   - the output differs from the input if and only if the report has a
//     line that is not just a flag;
//   - sanitising the output again changes nothing and reports no change.
//
// Without HTMLCLEAN_LONG (longTests) each policy reads the XSS vectors and
// a third of the bench documents, the thirds taken in turn, so that each
// bench document is still read under three or four policies.
func TestFaithfulOutput(t *testing.T) {
	docs := faithfulDocs(t)
	ids := slices.Sorted(maps.Keys(docs))
	policies := faithfulPolicies(t)
	for i, name := range slices.Sorted(maps.Keys(policies)) {
		p := policies[name]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for j, id := range ids {
				if !longTests() && !strings.HasPrefix(id, "xss/") && j%3 != i%3 {
					continue
				}
				if problem := faithfulProblem(t, docs[id], p); problem != "" {
					t.Errorf("%s: %s\ninput: %.300q", id, problem, docs[id])
				}
			}
		})
	}
}

// faithfulProblem describes the first faithful-output property in doesn't
// hold under p, or returns "".
func faithfulProblem(tb testing.TB, in string, p *policy.Policy) string {
	faithful, canonical, stage, ok := twoForms(tb, in, p)
	if !ok {
		return ""
	}
	if stage != canonical {
		return "policy stage: " + policyStageDiff(tb, in, p)
	}
	// The stage spells some URLs otherwise (stageSpelling): the faithful
	// form's DOM is compared as the stage writes it.
	if diff := domtest.DiffMarkup(unmarked(stage), faithful, faithfulDOM); diff != "" {
		return fmt.Sprintf("the faithful form parses to another DOM than the policy stage's output (want stage, got faithful): %s\nfaithful: %.300q", diff, faithful)
	}
	out, changes, err := stringReport(in, p)
	if err != nil {
		return fmt.Sprintf("stringReport: %v", err)
	}
	if out != faithful {
		return fmt.Sprintf("stringReport wrote another output than the pass's faithful form:\n%.300q\n%.300q", out, faithful)
	}
	if got, want := changed(changes), out != in; got != want {
		return fmt.Sprintf("output differs from input: %v; changes reported: %v (%v)\noutput: %.300q", want, got, changes, out)
	}
	again, changes, err := stringReport(out, p)
	if err != nil || again != out || changed(changes) {
		return fmt.Sprintf("not a fixed point: %v %v\nonce:  %.300q\ntwice: %.300q", err, changes, out, again)
	}
	return ""
}

// changed reports whether changes holds a change, not just a flag.
func changed(changes []Change) bool {
	// An output sanitised again under links.text_mismatch: mark has its
	// marks removed and written anew, the same bytes (linkmark.go): a
	// marked link and the removal of a mark's span pair up.
	marked, removed := 0, 0
	for _, c := range changes {
		switch {
		case c.Action == Flagged:
		case c.Action == MarkedLink:
			marked++
		case c.Reason == ReasonReservedClass && c.Action == RemovedContent && c.Element == "span":
			removed++
		default:
			return true
		}
	}
	return marked != removed
}

// faithfulDOM is how the faithful form's DOM is compared with the policy
// stage's: the stage's attribute value (want) against the faithful
// form's (got) as the stage spells it (stageSpelling, for attributes of
// HTML elements outside a namespace), and a doctype by its name alone.
var faithfulDOM = domtest.Options{
	NoDoctypeIDs: true,
	SameValue: func(el *html.Node, want html.Attribute, got string) bool {
		if el.Namespace == "" && want.Namespace == "" {
			if v := stageSpelling(el.Data, want.Key, got); v != "" {
				got = v
			}
		}
		return want.Val == got
	},
}

// TestFaithfulDOMCompared: faithfulProblem's DOM comparison reports a
// changed value, text, element or attribute order, and takes the stage's
// spelling of a URL (on HTML elements only) and a doctype's identifiers
// as no difference.
func TestFaithfulDOMCompared(t *testing.T) {
	tests := []struct {
		name, stage, faithful string
		same                  bool
	}{
		{"same", `<a href="/x">a</a>`, `<a href="/x">a</a>`, true},
		{"value", `<a href="/x">a</a>`, `<a href="/y">a</a>`, false},
		{"stage spelling", `<a href="/x#a%23b">a</a>`, `<a href="/x#a#b">a</a>`, true},
		{"stage spelling in svg", `<svg><a href="/x#a%23b"></a></svg>`, `<svg><a href="/x#a#b"></a></svg>`, false},
		{"doctype ids", `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN"><p>a`, `<!DOCTYPE html><p>a`, true},
		{"doctype name", `<!DOCTYPE html><p>a`, `<!DOCTYPE htm><p>a`, false},
		{"text", `<p>a</p>`, `<p>b</p>`, false},
		{"element", `<p>a</p>`, `<div>a</div>`, false},
		{"attribute order", `<p id=a class=b>`, `<p class=b id=a>`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			diff := domtest.DiffMarkup(tc.stage, tc.faithful, faithfulDOM)
			if (diff == "") != tc.same {
				t.Errorf("Diff(%q, %q) = %q, want the same DOM: %v", tc.stage, tc.faithful, diff, tc.same)
			}
		})
	}
}

// TestCleanDocumentUnchanged is a hand-written clean file: what
// the policy allows, written in the ways HTML allows, comes out byte for
// byte, with nothing reported.
func TestCleanDocumentUnchanged(t *testing.T) {
	p, err := policy.Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	in := "<p>it's \"quoted\" &#38; more</p>\r\n<hr />\r\n<p>AT&amp;T <br/> 1 < 2 > 0</p>\r\n" +
		"<P>Upper</P>\n<ul><li>one</li></ul>\n<a href='https://example.com/' rel=\"nofollow ugc\">example.com</a>\n"
	out, changes, err := stringReport(in, p)
	if err != nil {
		t.Fatal(err)
	}
	if out != in || len(changes) != 0 {
		t.Errorf("stringReport changed a clean document:\n got %q\nwant %q\nchanges: %v", out, in, changes)
	}
}

// TestEveryChangeReported pins the byte changes that had no report line
// before the faithful form: each input changes, and says so.
func TestEveryChangeReported(t *testing.T) {
	p, err := policy.Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, in, want string
		action         Action
		reason         string
	}{
		{"implied-end-tag", "<p>a<p>b</p>", "<p>a</p><p>b</p>", ClosedElement, "implied"},
		{"implied-end-at-eof", "<ul><li>a</ul>", "<ul><li>a</li></ul>", ClosedElement, "implied"},
		{"left-open", "<b>x", "<b>x</b>", ClosedElement, "left-open"},
		{"nul-text", "a\x00", "a\uFFFD", ReencodedText, "nul"},
		{"invalid-utf8", "a\xffb", "a\uFFFDb", ReencodedText, "invalid-utf8"},
		{"lt-at-end", "a<", "a&lt;", ReencodedText, "markup-char"},
		{"joined-reference", "x&am<foo>p;", "x&am&#112;;", ReencodedText, "joins-text"},
		{"joined-crlf", "x\r<foo>\ny", "x\r&#10;y", ReencodedText, "joins-text"},
		{"end-br", "a</br>b", "a<br>b", RewroteTag, "end-tag-br"},
		{"end-tag-attributes", "<b>x</b class=y>", "<b>x</b>", RewroteTag, "end-tag-attributes"},
		{"self-closing-div", "<div/>x</div>", "<div>x</div>", RewroteTag, "self-closing-ignored"},
		{"stray-end-tag", "a</foo>b", "ab", RemovedEndTag, "not-allowed"},
		{"stray-allowed-end-tag", "a</b>b", "ab", RemovedEndTag, "nothing-open"},
		{"duplicate-attribute", `<img src="/a.png" src="/b.png">`, `<img src="/a.png">`, RemovedAttribute, "duplicate"},
		{"duplicate-attribute-slow", `<img src="/a.png" src="/b&amp;.png">`, `<img src="/a.png">`, RemovedAttribute, "duplicate"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, changes, err := stringReport(tc.in, p)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("stringReport(%q) = %q, want %q", tc.in, got, tc.want)
			}
			found := false
			for _, c := range changes {
				found = found || c.Action == tc.action && string(c.Reason) == tc.reason
			}
			if !found {
				t.Errorf("stringReport(%q) reported %v, want a %s (%s)", tc.in, changes, tc.action, tc.reason)
			}
		})
	}
}

// TestPolicyStageFallback shows the follower at work when the policy stage
// does remove something: the output is the stage's, and the report says
// so. A pass cannot be made to miss something on purpose, so this feeds
// the follower a canonical form the stage disagrees with.
func TestPolicyStageFallback(t *testing.T) {
	p, err := policy.Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprint("stream=", stream), func(t *testing.T) {
			canonical := `<p>ok</p><script>alert(1)</script><p>after</p>`
			faithful := `<P>ok</P><script>alert(1)</script><P>after</P>`
			var out bytes.Buffer
			fl := &follower{w: &out}
			if stream {
				// Two segments: the first agrees and is written faithfully.
				fl.push(segment{f: []byte(faithful[:9]), c: []byte(canonical[:9]), line: 1, col: 1})
				fl.push(segment{f: []byte(faithful[9:]), c: []byte(canonical[9:]), line: 1, col: 10})
			} else {
				fl.push(segment{f: []byte(faithful), c: []byte(canonical), line: 1, col: 1})
			}
			if err := applyPolicy(p, fl, strings.NewReader(canonical)); err != nil {
				t.Fatal(err)
			}
			if err := fl.Close(); err != nil {
				t.Fatal(err)
			}
			want := `<p>ok</p><p>after</p>`
			if stream {
				want = `<P>ok</P><p>after</p>`
			}
			if out.String() != want {
				t.Errorf("output %q, want %q", out.String(), want)
			}
			c, ok := fl.change()
			if !ok || c.Action != PolicyStage {
				t.Fatalf("no policy-stage change: %v", c)
			}
			if stream && c.Column != 10 {
				t.Errorf("policy-stage change at %d:%d, want 1:10", c.Line, c.Column)
			}
		})
	}
}

// TestStreamingFaithful checks that the streaming path (inputs over
// smallInput) writes the same faithful output as the in-memory one.
func TestStreamingFaithful(t *testing.T) {
	p, err := policy.Preset("ugc")
	if err != nil {
		t.Fatal(err)
	}
	_, docs := benchDocs(t, filepath.Join("..", "testdata", "corpus", "bench", "comments"))
	var in strings.Builder
	for in.Len() <= 2*smallInput {
		for _, d := range docs {
			in.Write(d)
		}
	}
	want, wantChanges, err := stringReport(in.String(), p)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	var changes []Change
	// A reader without Len: Sanitize must read ahead and stream.
	err = SanitizeWith(&out, struct{ *strings.Reader }{strings.NewReader(in.String())}, p, Options{Report: func(c Change) { changes = append(changes, c) }})
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != want {
		t.Errorf("streamed output differs from String's (%d vs %d bytes)", out.Len(), len(want))
	}
	if len(changes) != len(wantChanges) {
		t.Errorf("streamed %d changes, String %d", len(changes), len(wantChanges))
	}
	var le *LimitError
	if errors.As(err, &le) {
		t.Fatal(err)
	}
}

// TestRewrittenTagSlash pins a FuzzStages find: an attribute kept as
// written with an unquoted value, last in a rewritten self-closing tag,
// must not take the "/" into its value.
func TestRewrittenTagSlash(t *testing.T) {
	p, err := policy.LoadFile(filepath.Join("..", "testdata", "policies", "permissive.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{`<svg ><reCt 0 X=0 />`, `<svg><rect 0 x=a" />`, `<svg><rect 0 x="0"/>`} {
		if problem := faithfulProblem(t, in, p); problem != "" {
			t.Errorf("%q: %s", in, problem)
		}
	}
}
