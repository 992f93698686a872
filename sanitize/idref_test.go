package sanitize

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/policy"
)

// idRefPolicyFile allows every attribute that names ids (idRefAttrs) on
// the elements that take it, ids under a prefix, and forms; the browser
// stage's id-reference test reads it too.
var idRefPolicyFile = filepath.Join("testdata", "idref", "policy.yaml")

// idRefConfig is idRefPolicyFile as a Config.
func idRefConfig(tb testing.TB) policy.Config {
	tb.Helper()
	f, err := os.Open(idRefPolicyFile)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	c, err := policy.ParseConfig(f, idRefPolicyFile)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

func idRefPolicy(tb testing.TB) *policy.Policy {
	tb.Helper()
	p, err := policy.Compile(idRefConfig(tb))
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// specRow is a line of testdata/idref/spec.txt.
type specRow struct {
	name, elements string
	list           bool
}

// TestIDRefTable checks idRefAttrs against the rows the HTML attribute
// index and WAI-ARIA's property tables give (testdata/idref/spec.txt):
// each of those is in the table as the spec defines it, and the table has
// nothing else but rows marked draft.
func TestIDRefTable(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "idref", "spec.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []specRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 3 || fields[2] != "id" && fields[2] != "ids" {
			t.Fatalf("spec.txt: bad line %q", line)
		}
		want = append(want, specRow{fields[0], fields[1], fields[2] == "ids"})
	}
	var got []specRow
	drafts := map[string]bool{}
	for _, a := range idRefAttrs {
		if a.spec == "" {
			t.Errorf("%s: no spec section", a.name)
		}
		if a.draft {
			drafts[a.name] = true
			continue
		}
		els := "*"
		if a.elements != nil {
			els = strings.Join(a.elements, ",")
		}
		got = append(got, specRow{a.name, els, a.list})
	}
	less := func(a, b specRow) int { return strings.Compare(a.name+" "+a.elements, b.name+" "+b.elements) }
	slices.SortFunc(want, less)
	slices.SortFunc(got, less)
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(specRow{})); diff != "" {
		t.Errorf("idRefAttrs mismatch with spec.txt (-want +got):\n%s", diff)
	}
	for _, w := range want {
		if drafts[w.name] {
			t.Errorf("%s is in the specs: not a draft", w.name)
		}
	}
}

// idRefCase is a document with one referencing attribute: ref names the
// attribute's element as written with a reference to "t" (filled in with
// the ids to name), target an element with id "t".
type idRefCase struct{ attr, ref, target string }

var idRefCases = []idRefCase{
	{"form", `<button form="%s" formaction="https://a.example/">b</button>`, `<form id="t"></form>`},
	{"for", `<label for="%s">l</label>`, `<input id="t">`},
	{"for", `<output for="%s">o</output>`, `<input id="t">`},
	{"list", `<input list="%s">`, `<span id="t">x</span>`},
	{"headers", `<table><tr><td headers="%s">c</td></tr></table>`, `<span id="t">x</span>`},
	{"popovertarget", `<button popovertarget="%s">p</button>`, `<div popover id="t">x</div>`},
	{"commandfor", `<button commandfor="%s">p</button>`, `<div id="t">x</div>`},
	{"interestfor", `<button interestfor="%s">p</button>`, `<div id="t">x</div>`},
	{"itemref", `<div itemscope itemref="%s">x</div>`, `<div id="t">x</div>`},
	{"aria-actions", `<div aria-actions="%s">x</div>`, `<button id="t">x</button>`},
	{"aria-activedescendant", `<div aria-activedescendant="%s">x</div>`, `<div id="t">x</div>`},
	{"aria-controls", `<div aria-controls="%s">x</div>`, `<div id="t">x</div>`},
	{"aria-describedby", `<div aria-describedby="%s">x</div>`, `<div id="t">x</div>`},
	{"aria-details", `<div aria-details="%s">x</div>`, `<div id="t">x</div>`},
	{"aria-errormessage", `<div aria-errormessage="%s">x</div>`, `<div id="t">x</div>`},
	{"aria-flowto", `<div aria-flowto="%s">x</div>`, `<div id="t">x</div>`},
	{"aria-labelledby", `<div aria-labelledby="%s">x</div>`, `<div id="t">x</div>`},
	{"aria-owns", `<div aria-owns="%s">x</div>`, `<div id="t">x</div>`},
}

// TestIDRefCasesCoverTable: every attribute of the table has a case.
func TestIDRefCasesCoverTable(t *testing.T) {
	for _, a := range idRefAttrs {
		if !slices.ContainsFunc(idRefCases, func(c idRefCase) bool { return c.attr == a.name }) {
			t.Errorf("%s: no case in idRefCases", a.name)
		}
	}
}

func refTo(tc idRefCase, id string) string { return strings.Replace(tc.ref, "%s", id, 1) }

// TestIDRefs: under ids.prefix, each referencing attribute is written
// prefixed when its id is defined, before or after it; a reference to an
// id the document does not define (the host page's) is removed, and so is
// one that is not an id. The output is a fixed point.
func TestIDRefs(t *testing.T) {
	p := idRefPolicy(t)
	for _, tc := range idRefCases {
		t.Run(tc.attr, func(t *testing.T) {
			t.Parallel()
			want := strings.Replace(tc.target, `id="t"`, `id="user-content-t"`, 1)
			for _, order := range []struct{ name, in string }{
				{"defined-before", tc.target + refTo(tc, "t")},
				{"defined-after", refTo(tc, "t") + tc.target},
			} {
				got := sanitizeOK(t, p, order.in)
				if !strings.Contains(got, tc.attr+`="user-content-t"`) || !strings.Contains(got, want) {
					t.Errorf("%s: String(%q) = %q, want %s=\"user-content-t\"", order.name, order.in, got, tc.attr)
				}
				if again := sanitizeOK(t, p, got); again != got {
					t.Errorf("%s: not a fixed point: %q -> %q", order.name, got, again)
				}
			}
			for _, id := range []string{"hostform", "x y", "", "user-content-nowhere"} {
				in := tc.target + refTo(tc, id)
				got, changes, err := stringReport(in, p)
				if err != nil {
					t.Fatal(err)
				}
				if strings.Contains(got, tc.attr+"=") {
					t.Errorf("String(%q) = %q, want %s removed", in, got, tc.attr)
				}
				if !slices.ContainsFunc(changes, func(c Change) bool {
					return c.Attribute == tc.attr && c.Action == RemovedAttribute
				}) {
					t.Errorf("String(%q): no removal of %s reported in %v", in, tc.attr, changes)
				}
			}
		})
	}
}

func sanitizeOK(t *testing.T, p *policy.Policy, in string) string {
	t.Helper()
	got, err := String(in, p)
	if err != nil {
		t.Fatalf("String(%q): %v", in, err)
	}
	return got
}

// TestIDRefLists: a list keeps the ids the document defines, prefixed, in
// order, and loses the others, reported as a rewrite.
func TestIDRefLists(t *testing.T) {
	p := idRefPolicy(t)
	tests := []struct{ name, in, want string }{
		{"some-defined", `<div id="a">a</div><div aria-labelledby="a host b">x</div><div id="b">b</div>`,
			`<div id="user-content-a">a</div><div aria-labelledby="user-content-a user-content-b">x</div><div id="user-content-b">b</div>`},
		{"already-prefixed", `<div id="user-content-a">a</div><div aria-describedby="user-content-a	a">x</div>`,
			`<div id="user-content-a">a</div><div aria-describedby="user-content-a user-content-a">x</div>`},
		{"label-single-id", `<label for="a b">x</label><input id="a">`, `<label>x</label><input id="user-content-a">`},
		{"name-is-not-id", `<form name="f"></form><button form="f">x</button>`, `<form name="user-content-f"></form><button>x</button>`},
		{"id-on-dropped-element", `<script id="s"></script><div aria-owns="s">x</div>`, `<div>x</div>`},
		{"custom-element-form", `<div form="hostform">x</div>`, `<div>x</div>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := sanitizeOK(t, p, tc.in); got != tc.want {
				t.Errorf("String(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
	_, changes, err := stringReport(`<div id="a">a</div><div aria-labelledby="a host">x</div>`, p)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(changes, func(c Change) bool {
		return c.Attribute == "aria-labelledby" && c.Action == RewroteAttribute && c.Reason == ReasonUndefinedID
	}) {
		t.Errorf("no rewrite of aria-labelledby for undefined-id in %v", changes)
	}
}

// TestIDRefsWithoutPrefix: without ids.prefix nothing is rewritten (ids
// are dropped, and references with them, by the policy's own rules).
func TestIDRefsWithoutPrefix(t *testing.T) {
	c := idRefConfig(t)
	c.IDs = policy.IDs{}
	p := mustCompile(t, c)
	in := `<label for="x">l</label>`
	if got := sanitizeOK(t, p, in); got != in {
		t.Errorf("String(%q) = %q, want it unchanged", in, got)
	}
}

// noLen hides a reader's Len, so that run streams what it reads.
type noLen struct{ r io.Reader }

func (n noLen) Read(b []byte) (int, error) { return n.r.Read(b) }

// TestIDRefsStreamed: a document too large to hold keeps the references
// to ids defined before them, and removes the others (an id defined
// later cannot be known when the reference is written).
func TestIDRefsStreamed(t *testing.T) {
	p := idRefPolicy(t)
	pad := strings.Repeat("<p>padding text</p>\n", smallInput/20+100)
	in := `<div id="early">e</div>` + pad + `<label for="early">a</label><label for="late">b</label><label for="host">c</label>` + pad + `<input id="late">`
	var b strings.Builder
	if err := Sanitize(&b, noLen{strings.NewReader(in)}, p); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{`<label for="user-content-early">a</label>`, `<label>b</label>`, `<label>c</label>`, `<input id="user-content-late">`} {
		if !strings.Contains(got, want) {
			t.Errorf("streamed output lacks %q", want)
		}
	}
	// In memory, the later id is found.
	got = sanitizeOK(t, p, in)
	if !strings.Contains(got, `<label for="user-content-late">b</label>`) || !strings.Contains(got, `<label>c</label>`) {
		t.Errorf("in memory: forward reference not kept or host reference kept")
	}
}

// TestGrowthIDRefs: references cost time linear in the document: many
// ids, many references, long lists, and forward references that make
// the pass scan the document for ids once.
func TestGrowthIDRefs(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test; runs without -short")
	}
	c := idRefConfig(t)
	c.Limits = policy.Limits{MaxDepth: 100_000, MaxTokenBytes: 64 << 20, MaxAttributeBytes: 32 << 20,
		MaxAttributes: 100_000, MaxInputBytes: 1 << 30}
	p := mustCompile(t, c)
	ids := func(n int, prefix string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(prefix)
			b.WriteString(strings.Repeat("x", i%7+1))
			b.WriteByte(byte('a' + i%26))
			b.WriteByte(' ')
		}
		return b.String()
	}
	checkGrowth(t, p, []growthCase{
		{"forward-references", 500, func(n int) string {
			return strings.Repeat(`<label for="later">x</label>`, n) + `<input id="later">`
		}},
		{"long-list", 2000, func(n int) string {
			return `<div aria-labelledby="` + ids(n, "") + `">x</div><div id="xa">y</div>`
		}},
		{"many-ids-and-references", 500, func(n int) string {
			return strings.Repeat(`<div id="a1">x</div><div aria-owns="a1 a2 host">y</div><div id="a2">z</div>`, n)
		}},
	})
}
