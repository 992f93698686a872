package sanitize

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/urlnorm"
)

var reasonName = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// TestReasonsList: Reasons lists the sanitiser's reasons and every
// urlnorm reason, once each, all as lower-case names.
func TestReasonsList(t *testing.T) {
	all := Reasons()
	seen := map[Reason]bool{}
	for _, r := range all {
		switch {
		case seen[r]:
			t.Errorf("%q listed twice", r)
		case !reasonName.MatchString(string(r)):
			t.Errorf("%q is not a lower-case name", r)
		}
		seen[r] = true
	}
	if !slices.Equal(all[:len(ownReasons)], ownReasons) {
		t.Error("Reasons does not start with the sanitiser's own")
	}
	urls := 0
	for i := 1; i < 256; i++ {
		r := urlnorm.Reason(i)
		if _, ok := urlnorm.ParseReason(r.String()); !ok {
			continue
		}
		urls++
		if !seen[URLReason(r)] {
			t.Errorf("urlnorm's %q is not listed", r)
		}
	}
	if urls < 20 || seen[URLReason(urlnorm.ReasonNone)] {
		t.Errorf("%d urlnorm reasons listed, none included: %v", urls, seen[URLReason(urlnorm.ReasonNone)])
	}
	// The two names the sanitiser shares with urlnorm, and no other.
	var shared []Reason
	for _, r := range ownReasons {
		if _, ok := urlnorm.ParseReason(string(r)); ok {
			shared = append(shared, r)
		}
	}
	if diff := cmp.Diff([]Reason{ReasonTooLong, ReasonInvalidUTF8}, shared); diff != "" {
		t.Errorf("names shared with urlnorm (-want +got):\n%s", diff)
	}
	all[0] = "changed"
	if Reasons()[0] == "changed" {
		t.Error("Reasons returns the package's slice")
	}
}

// reasonTriggers are inputs that produce each of the sanitiser's reasons,
// under a policy of testPolicies.
var reasonTriggers = []struct {
	reason     Reason
	policy, in string
}{
	{ReasonNotAllowed, "ugc", `a<x>b</x>`},
	{ReasonReopened, "sanitizer-api", `<p><font>x</p>y`},
	{ReasonReconstructed, "ugc", `<p><b>x</p>y`},
	{ReasonNotReopened, "ugc", `<a href="https://example.com/"><p><b>x</p>y</a>`},
	{ReasonForbidden, "ugc", `<script>alert(1)</script>`},
	{ReasonMisplaced, "ugc", `<td>x</td>`},
	{ReasonNoAttributesLeft, "ugc", `<img>`},
	{ReasonUnterminated, "ugc", `a<b`},
	{ReasonCommentForm, "comments", `a<!x>b`},
	{ReasonNothingOpen, "ugc", `<p>x</p></div>`},
	{ReasonImplied, "ugc", `<ul><li>a<li>b</ul>`},
	{ReasonLeftOpen, "ugc", `<b>x`},
	{ReasonEndTagAttributes, "ugc", `<b>x</b x=1>`},
	{ReasonEndTagBR, "ugc", `</br>`},
	{ReasonEndTagP, "ugc", `a</p>b`},
	{ReasonSelfClosingIgnored, "ugc", `<b/>x</b>`},
	{ReasonAmbiguousSelfClosing, "ugc", `<b title=a title=b/>x</b>`},
	{ReasonEventHandler, "ugc", `<b onclick="x()">x</b>`},
	{ReasonValueNotAllowed, "ugc", `<ol type="z"><li>x</ol>`},
	{ReasonTooLong, "ugc", `<b title="` + strings.Repeat("a", 70_000) + `">x</b>`},
	{ReasonTooManyAttributes, "ugc", `<b` + manyAttrs(300) + `>x</b>`},
	{ReasonDuplicate, "ugc", `<b title=a title=b>x</b>`},
	{ReasonLinkPolicy, "ugc", `<a href="/x">x</a>`},
	{ReasonLinkTextMismatch, "ugc", `<a href="https://evil.example/">https://bank.example/</a>`},
	{ReasonLinkTextUnread, "ugc", `<a href="https://example.com/">` + strings.Repeat("<b></b>", maxLinkHeld/7+10) + `</a>`},
	{ReasonReservedClass, "ugc", `<b class="htmlclean-link-host">x</b>`},
	{ReasonCanonical, "ugc", `<a href="HTTP://x.example/">x</a>`},
	{ReasonSuspicious, "ugc", `<a href="https://xn--bcher-kva.de/">x</a>`},
	{ReasonEmptyURL, "ugc", `<a href="">x</a>`},
	{ReasonBadDescriptor, "permissive", `<img srcset="/a.png 1q">`},
	{ReasonCSSUnterminatedComment, "permissive", `<b style="color:red/*">x</b>`},
	{ReasonCSSBadString, "permissive", "<b style=\"content:'a\nb'\">x</b>"},
	{ReasonCSSBadURL, "permissive", `<b style="background:url(a b)">x</b>`},
	{ReasonCSSEscapedURL, "permissive", `<b style="background:u\72l(/a)">x</b>`},
	{ReasonCSSURLNotCanonical, "permissive", `<b style="background:url(HTTP://A.example/)">x</b>`},
	{ReasonCSSExpression, "permissive", `<b style="width:exp\72 ession(alert(1))">x</b>`},
	{ReasonCSSJavascript, "permissive", `<b style="content:'javascript:x'">x</b>`},
	{ReasonCSSVbscript, "permissive", `<b style="content:'vbscript:x'">x</b>`},
	{ReasonCSSMozBinding, "permissive", `<b style="-moz-binding:url(https://a.example/x.xml#x)">x</b>`},
	{ReasonCSSBehavior, "permissive", `<b style="behavior:url(https://a.example/x.htc)">x</b>`},
	{ReasonCSSImport, "permissive", `<b style="@import 'https://a.example/s.css'">x</b>`},
	{ReasonCSSImageSet, "permissive", `<b style="background:image-set('https://a.example/' 1x)">x</b>`},
	{ReasonCSSImage, "permissive", `<b style="background:image('https://a.example/')">x</b>`},
	{ReasonCSSCrossFade, "permissive", `<b style="background:cross-fade(red, blue)">x</b>`},
	{ReasonCSSSrc, "permissive", `<b style="background:src('https://a.example/')">x</b>`},
	{ReasonCSSElement, "permissive", `<b style="background:element(#x)">x</b>`},
	{ReasonCSSOverlay, "permissive", `<b style="position:fixed;z-index:2147483647">x</b>`},
	{ReasonCSSNoAllowedDeclaration, "comment-settings", `<span style="position:fixed">x</span>`},
	{ReasonCSSFiltered, "comment-settings", `<span style="color:red;position:fixed">x</span>`},
	{ReasonOtherHeading, "ugc", `<h4>x</h2>`},
	{ReasonClassTokens, "comment-settings", `<b class="spoiler other">x</b>`},
	{ReasonNoAllowedClass, "comment-settings", `<b class="other">x</b>`},
	{ReasonIDPrefix, "comment-settings", `<p id="x">x</p>`},
	{ReasonBadID, "comment-settings", `<p id="a b">x</p>`},
	{ReasonClobbers, "ids-keep", `<p id="cookie">x</p>`},
	{ReasonUndefinedID, "comment-settings", `<table><tr><td headers="hostcell">x</td></tr></table>`},
	{ReasonContainer, "container-p", `<div>x</div>`},
	{ReasonTopLayer, "popover", `<div popover>x</div>`},
	{ReasonURLHook, "hooks", `<img src="https://a.example/x.png">`},
	{ReasonHookRefused, "hooks", `<a href="https://tracker.example/">x</a>`},
	{ReasonElementHook, "hooks", `<b class="spoiler">x</b>`},
	{ReasonNUL, "ugc", "a\x00b"},
	{ReasonInvalidUTF8, "ugc", "a\xffb"},
	{ReasonMarkupChar, "ugc", "a<"},
	{ReasonJoinsText, "ugc", "x&am<foo>p;"},
	{ReasonEmbedURL, "comment-settings", `<iframe src="http://www.youtube.com/embed/x"></iframe>`},
	{ReasonEmbedHost, "comment-settings", `<iframe src="https://evil.example/"></iframe>`},
	{ReasonEmbedNoSrc, "comment-settings", `<iframe title="x"></iframe>`},
	{ReasonEmbedSandbox, "comment-settings", `<iframe src="https://player.vimeo.com/video/1"></iframe>`},
	{ReasonCrossOrigin, "all-migration", `<img src="/x.png" crossorigin="use-credentials">`},
	{ReasonEmbedContent, "comment-settings", `<iframe src="https://player.vimeo.com/video/1" sandbox="allow-scripts allow-same-origin allow-presentation">x</iframe>`},
}

// untriggered are the reasons no input here produces: defences behind
// other checks (a compiled policy has no attribute of unknown kind;
// urlnorm answers a *RejectError; scan finds every attribute a mark needs;
// a canonical srcset URL never starts or ends with a comma), and the
// policy stage's, a first-stage bug (TestPolicyStageFallback reports one).
var untriggered = []Reason{
	ReasonUnknownKind, ReasonInvalidURL, ReasonUnreadableAttributes,
	ReasonAmbiguousComma, ReasonFirstStageMissed,
}

func manyAttrs(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(" title" + strconv.Itoa(i) + "=x")
	}
	return b.String()
}

// TestReasonTriggers: each reason the sanitiser declares is what an input
// gets; every declared reason has an input here or is named untriggered.
func TestReasonTriggers(t *testing.T) {
	policies := testPolicies(t)
	policies["hooks"] = hookPolicy(t, policy.Hooks{URL: proxy, Element: func(e policy.ElementContext) policy.ElementAction {
		if len(e.Attrs) > 0 && e.Attrs[0].Val == "spoiler" {
			return policy.Drop
		}
		return policy.Keep
	}})
	policies["all-migration"] = allMigration(t)
	policies["container-p"] = mustPolicy(t, "extends: ugc\ncontainer: p\n")
	policies["comments"] = mustPolicy(t, "extends: ugc\ncomments: true\n")
	policies["ids-keep"] = mustPolicy(t, "extends: ugc\nids: {keep: unclobbered}\n")
	policies["popover"] = mustPolicy(t, "extends: ugc\nadd:\n  attributes:\n    - {name: popover}\n")
	covered := map[Reason]bool{}
	for _, r := range untriggered {
		covered[r] = true
	}
	for _, tc := range reasonTriggers {
		covered[tc.reason] = true
		if !slices.Contains(ownReasons, tc.reason) {
			t.Errorf("%q is not listed by Reasons", tc.reason)
		}
		t.Run(string(tc.reason), func(t *testing.T) {
			_, changes, err := stringReport(tc.in, policies[tc.policy])
			if err != nil {
				t.Fatal(err)
			}
			var got []Reason
			for _, c := range changes {
				got = append(got, c.Reason)
			}
			if !slices.Contains(got, tc.reason) {
				t.Errorf("stringReport(%.60q) reasons %v, want %q among them", tc.in, got, tc.reason)
			}
		})
	}
	for _, r := range ownReasons {
		if !covered[r] {
			t.Errorf("%q has no trigger and is not listed as untriggered", r)
		}
	}
}

// TestReasonsReported: every reason a report carries over the XSS corpus
// and the golden inputs, under every test policy, is listed by Reasons.
func TestReasonsReported(t *testing.T) {
	listed := map[Reason]bool{}
	for _, r := range Reasons() {
		listed[r] = true
	}
	var inputs []string
	for _, v := range loadVectors(t) {
		inputs = append(inputs, v.Input)
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*", "*.html"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, string(b))
	}
	seen := map[Reason]int{}
	for name, p := range testPolicies(t) {
		for _, in := range inputs {
			_, changes, _ := stringReport(in, p)
			for _, c := range changes {
				if !listed[c.Reason] {
					t.Errorf("%s: stringReport(%.60q) reported %q, which Reasons does not list", name, in, c.Reason)
				}
				seen[c.Reason]++
			}
		}
	}
	if len(seen) < 30 {
		t.Errorf("only %d distinct reasons over %d inputs: %v", len(seen), len(inputs), seen)
	}
}

// TestReasonLiterals: the names are written once, in reason.go; the rest
// of the package uses the constants, so a new reason cannot bypass the
// list.
func TestReasonLiterals(t *testing.T) {
	names := map[string]bool{}
	for _, r := range ownReasons {
		names[string(r)] = true
	}
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "reason.go" {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && names[s] {
				t.Errorf("%s: %s: use the Reason constant", fset.Position(lit.Pos()), lit.Value)
			}
			return true
		})
	}
	if checked < 10 {
		t.Fatalf("only %d files checked", checked)
	}
}

// TestReasonsReadme: the table of reasons in docs/command.md lists exactly
// Reasons, in order.
func TestReasonsReadme(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "docs", "command.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## Report reasons\n")
	if !ok {
		t.Fatal(`docs/command.md has no "## Report reasons" section`)
	}
	section, _, _ = strings.Cut(section, "\n#")
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)`")
	var got []Reason
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		got = append(got, Reason(m[1]))
	}
	if diff := cmp.Diff(Reasons(), got); diff != "" {
		t.Errorf("docs/command.md's reasons differ from Reasons() (-want +got):\n%s", diff)
	}
}
