package safety

import (
	"strings"
	"testing"
)

func testScheme(u string) string {
	s, _, ok := strings.Cut(u, ":")
	if !ok {
		return ""
	}
	return strings.ToLower(s)
}

// TestSheetProblem shows the checker passes sheets the mail preset
// writes and catches, escapes and white space decoded, what it must
// never write: worked out by hand from CSS Syntax 3 and Selectors 4.
func TestSheetProblem(t *testing.T) {
	tests := []struct {
		name, sheet string
		bad         bool
	}{
		{"rules", ":scope.htmlclean-mail p{color:red}\n:scope.htmlclean-mail{background:#eee}\n", false},
		{"media", "@media (max-width:600px){\n:scope.htmlclean-mail .a{width:100%!important}\n}\n", false},
		{"child", ":scope.htmlclean-mail>p{color:red}", false},
		{"siblings-inside", ":scope.htmlclean-mail p~p,:scope.htmlclean-mail a+b{color:red}", false},
		{"hover", ":scope.htmlclean-mail a:hover{color:red}", false},
		{"scope-hover", ":scope.htmlclean-mail:hover p{color:red}", false},
		{"small-sizes", ":scope.htmlclean-mail p{width:50vw;z-index:10;position:relative}", false},
		{"url", `:scope.htmlclean-mail p{background:url("https://a.example/x.png")}`, false},
		{"not-scoped", "p{color:red}", true},
		{"other-class", ":scope.htmlclean-mailx p{color:red}", true},
		{"bare-scope-sibling", ":scope.htmlclean-mail ~ *{color:red}", true},
		{"hover-sibling", ":scope.htmlclean-mail:hover ~ *{color:red}", true},
		{"is-sibling", ":scope.htmlclean-mail:is(*) ~ *{color:red}", true},
		{"adjacent-no-space", ":scope.htmlclean-mail+p{color:red}", true},
		{"escaped-class-sibling", `:scope.htmlclean-mail p,:scope.\68 tmlclean-mail~p{color:red}`, true},
		{"list-in-is", ":scope.htmlclean-mail :is(a,b),:scope.htmlclean-mail:is(a,b)~p{color:red}", true},
		{"value-selector", ":scope.htmlclean-mail [a^=b]{color:red}", true},
		{"fixed", ":scope.htmlclean-mail p{position:fixed}", true},
		{"fixed-spaced", ":scope.htmlclean-mail p{position : fixed}", true},
		{"fixed-escaped", `:scope.htmlclean-mail p{position:fi\78 ed}`, true},
		{"fixed-escaped-property", `:scope.htmlclean-mail p{p\6fsition:fixed}`, true},
		{"sticky-important", ":scope.htmlclean-mail p{position: sticky !important}", true},
		{"overlay", ":scope.htmlclean-mail p{z-index:2147483647;width:100vw;height:100vh}", true},
		{"z-index", ":scope.htmlclean-mail p{z-index:1001}", true},
		{"viewport", ":scope.htmlclean-mail p{min-height:95dvh}", true},
		{"viewport-calc", ":scope.htmlclean-mail p{width:calc(50vw + 50vw)}", true},
		{"script-escaped", `:scope.htmlclean-mail p{width:e\78 pression(1)}`, true},
		{"import-escaped", `@\69 mport "x.css";:scope.htmlclean-mail p{color:red}`, true},
		{"url-scheme", `:scope.htmlclean-mail p{background:url(javascript:x)}`, true},
		{"url-escaped-scheme", `:scope.htmlclean-mail p{background:url("\6a avascript:x")}`, true},
		{"end-tag", ":scope.htmlclean-mail p{color:red}</style>", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := sheetProblem("@scope{"+tc.sheet+"}", []string{"https"}, testScheme)
			if (got != "") != tc.bad {
				t.Errorf("sheetProblem(%q) = %q, want a problem: %v", tc.sheet, got, tc.bad)
			}
		})
	}
}
