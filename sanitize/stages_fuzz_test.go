package sanitize

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/policy"
)

// FuzzStages checks, under every preset, the permissive, comment-settings
// and all-migration test policies, SVG and MathML with comments kept, and
// (fuzzing, or under HTMLCLEAN_LONG) every preset under small limits, with
// documents at those limits among its seeds, the properties of
// TestFaithfulOutput: the policy's
// bluemonday stage, over the pass's faithful form, writes exactly the
// canonical form (it is the second line of defence: when it has to
// remove something the first stage has a bug); the faithful form parses
// to the same DOM as the stage's output; the output differs from the input exactly when a change is
// reported; and it is a fixed point. (The check needs the pass alone, so
// it lives here rather than in fuzz/FuzzSanitize.)
func FuzzStages(f *testing.F) {
	for _, v := range loadVectors(f) {
		f.Add(v.Input)
	}
	for _, s := range commentSeeds {
		f.Add(s)
	}
	for _, s := range authoredSeeds {
		f.Add(s)
	}
	for _, s := range foreignLinkSeeds {
		f.Add(s)
	}
	// links.text_mismatch: mark (the mail preset): a marked link, and its
	// output sanitised again.
	f.Add(`<p><a href="https://evil.example/">bank.example</a> x</p>`)
	f.Add(`<p><a href="https://evil.example/">bank.example</a><span class="htmlclean-link-host"> [evil.example]</span> x</p>`)
	for _, s := range foreignCommentSeeds() {
		f.Add(s)
	}
	if longTests() || fuzzing() {
		for _, s := range limitDocuments() {
			f.Add(s)
		}
	}
	policies := testPolicies(f)
	policies["all-migration"] = allMigration(f)
	for name, p := range foreignCommentPolicies(f) {
		policies[name] = p
	}
	if longTests() || fuzzing() {
		// TestFixedPointAtLimits reads the limit documents under them
		// in a short run.
		for name, p := range limitPolicies(f) {
			policies[name] = p
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		for name, p := range policies {
			if problem := faithfulProblem(t, in, p); problem != "" {
				t.Errorf("%s: %s\ninput: %q", name, problem, in)
			}
			if problem := tokenizerProblem(in, p); problem != "" {
				t.Errorf("%s: %s\ninput: %q", name, problem, in)
			}
		}
	})
}

// tokenizerProblem runs the pass over in read by each tokenizer, the
// Scanner (a document in memory) and x/net/html's Tokenizer (a stream),
// and describes the first difference in what it wrote or reported, or
// returns "".
func tokenizerProblem(in string, p *policy.Policy) string {
	type result struct {
		f, c    string
		changes []Change
		err     error
	}
	run := func(r io.Reader, doc []byte) result {
		var f, c sink
		var res result
		_, _, res.err = newPass(twin{&f, &c}, r, doc, p, func(ch Change) { res.changes = append(res.changes, ch) }).run()
		res.f, res.c = string(f.Bytes()), string(c.Bytes())
		return res
	}
	scanned, streamed := run(nil, []byte(in)), run(strings.NewReader(in), nil)
	if scanned.err != nil || streamed.err != nil {
		if fmt.Sprint(scanned.err) != fmt.Sprint(streamed.err) {
			return fmt.Sprintf("errors differ: scanner %v, tokenizer %v", scanned.err, streamed.err)
		}
		return ""
	}
	if diff := cmp.Diff(streamed, scanned, cmp.AllowUnexported(result{})); diff != "" {
		return "the pass over the Scanner differs from the pass over the Tokenizer (-tokenizer +scanner):\n" + diff
	}
	return ""
}

// commentSeeds exercise the comment-settings test policy: data-* wildcards,
// class tokens, prefixed ids and same-document links, rel on external
// links.
var commentSeeds = []string{
	`<p class=" spoiler	evil  note " data-x=1 data-src=/a data-xmlns=x data-a:b=c id="fn:1">x</p>`,
	`<sup id=fnref:1><a href="#fn:1" name=n>1</a></sup><a href="#%66n:1">f</a><a href="#:~:text=a">t</a>`,
	`<a href="#user-content-x">u</a><a href=#>e</a><a href="#%zz">b</a><a href="#a%20b">s</a>`,
	`<pre class="lang-go x<y" data-md-x="a b"><code class="LANGUAGE-GO prettyprint">x</code></pre>`,
	`<a href="https://forum.example/">i</a><a href="//evil.example/" rel=me>e</a><a href=/rel>r</a>`,
	`<svg><use href="#icon"></use></svg><p id="überblick" class="x&lt;y">ü</p>`,
}

// fuzzing reports whether the test binary runs a fuzz target (-test.fuzz),
// rather than its seeds only.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}
