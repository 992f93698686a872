package stylesheet

import (
	"testing"
)

// scopeRuleScope is the scope of a sheet written inside a prelude-less
// @scope rule, as package sanitize writes a mail's.
const scopeRuleScope = ":scope" + testScope

// scopeTests are sheets read with scopeRuleScope: the rule the output is
// written in read back, selectors that name the scoping root, and the
// selectors, at the top level or inside :is(), :where(), :not() and
// :has(), that would reach a sibling of the wrapper. want is the whole
// output; reason must be among the removals, or with noRemoval nothing
// may be removed.
var scopeTests = []sheetCase{
	{"scope-prefix", `p{color:red} body{color:blue} body > div{margin:0}`, ":scope.hc-mail p{color:red}\n:scope.hc-mail{color:blue}\n:scope.hc-mail > div{margin:0}\n", noRemoval},
	{"scope-rule-read-back", "@scope{:scope.hc-mail p{color:red}\n:scope.hc-mail{color:blue}\n@media print{\n:scope.hc-mail a{color:red}\n}\n}", ":scope.hc-mail p{color:red}\n:scope.hc-mail{color:blue}\n@media print{\n:scope.hc-mail a{color:red}\n}\n", noRemoval},
	{"scope-rule-then-rules", `@scope { p{color:red} } a{color:blue}`, ":scope.hc-mail p{color:red}\n:scope.hc-mail a{color:blue}\n", ReasonParse},
	{"scope-rule-uppercase", "\n@SCOPE {p{color:red}}\n", ":scope.hc-mail p{color:red}\n", noRemoval},
	{"scope-rule-escaped", `@sc\6f pe{p{color:red}}`, ``, ReasonAtRule},
	{"scope-rule-not-whole", `p{color:red} @scope{a{color:red}}`, ":scope.hc-mail p{color:red}\n", ReasonAtRule},
	{"class-prefix-read", `.hc-mail p{color:red} .hc-mail{color:blue}`, ":scope.hc-mail p{color:red}\n:scope.hc-mail{color:blue}\n", noRemoval},
	{"scope-rule-prelude", `@scope (.card){p{color:red}}`, ``, ReasonAtRule},
	{"scope-rule-limit", `@scope to (.x){p{color:red}}`, ``, ReasonAtRule},
	{"scope-rule-in-media", `@media print{@scope{p{color:red}}}`, ``, ReasonAtRule},
	{"scope-rule-in-rule", `p{@scope{b{color:red}}}`, ``, ReasonNesting},
	// :scope other than as the output's own prefix.
	{"scope-alone", `:scope{color:red}`, ``, ReasonPseudo},
	{"scope-descendant", `:scope p{color:red}`, ``, ReasonPseudo},
	{"scope-general-sibling", `:scope ~ p{display:none}`, ``, ReasonPseudo},
	{"scope-class-after", `.hc-mail:scope p{color:red}`, ``, ReasonPseudo},
	{"scope-other-class", `:scope.x p{color:red}`, ``, ReasonPseudo},
	{"scope-later", `p :scope.hc-mail{color:red}`, ``, ReasonOutsideScope},
	{"scope-class-later", `p .hc-mail{color:red}`, ``, ReasonOutsideScope},
	{"scope-class-qualified", `a.hc-mail{color:red}`, ``, ReasonOutsideScope},
	{"scope-class-qualified-later", `p .x.hc-mail{color:red}`, ``, ReasonOutsideScope},
	{"scope-class-in-not-kept", `p:not(.hc-mail){color:red}`, ":scope.hc-mail p:not(.hc-mail){color:red}\n", noRemoval},
	{"scope-in-not", `p:not(:scope){color:red}`, ``, ReasonPseudo},
	{"scope-in-is", `:is(:scope) p{color:red}`, ``, ReasonPseudo},
	// Sibling combinators after what maps to the wrapper.
	{"body-general-sibling", `body ~ p{display:none}`, ``, ReasonOutsideScope},
	{"body-adjacent-universal", `body + *{display:none}`, ``, ReasonOutsideScope},
	{"root-general-sibling", `:root ~ *{display:none}`, ``, ReasonOutsideScope},
	{"html-body-chain-sibling", `html > body ~ div{display:none}`, ``, ReasonOutsideScope},
	{"html-sibling-body", `html ~ body p{display:none}`, ``, ReasonOutsideScope},
	{"scope-prefix-sibling", `:scope.hc-mail ~ p{display:none}`, ``, ReasonOutsideScope},
	{"scope-prefix-adjacent", `:scope.hc-mail + *{display:none}`, ``, ReasonOutsideScope},
	{"class-prefix-sibling", `.hc-mail ~ .hc-mail p{display:none}`, ``, ReasonOutsideScope},
	{"sibling-inside-kept", `body > p ~ p, body * + p{color:red}`, ":scope.hc-mail > p ~ p,:scope.hc-mail * + p{color:red}\n", noRemoval},
	// The same inside functional pseudo-classes.
	{"is-body-sibling", `:is(body ~ p){display:none}`, ``, ReasonPseudo},
	{"is-root-list-sibling", `:is(html, body) ~ div{display:none}`, ``, ReasonPseudo},
	{"is-plain", `:is(p){color:red}`, ``, ReasonPseudo},
	{"where-root-sibling", `:where(:root ~ *){display:none}`, ``, ReasonPseudo},
	{"where-body-descendant", `:where(body) p{color:red}`, ``, ReasonPseudo},
	{"not-body-adjacent", `p:not(body + *){display:none}`, ``, ReasonSelector},
	{"not-child-combinator", `p:not(.a > .b){color:red}`, ``, ReasonSelector},
	{"not-sibling-combinator", `p:not(.a ~ .b){color:red}`, ``, ReasonSelector},
	{"not-root", `p:not(:root){color:red}`, ``, ReasonPseudo},
	{"not-leading", `:not(.x) ~ p{color:red}`, ":scope.hc-mail :not(.x) ~ p{color:red}\n", noRemoval},
	{"has-adjacent", `div:has(+ p){display:none}`, ``, ReasonPseudo},
	{"has-general-sibling", `:has(~ p){display:none}`, ``, ReasonPseudo},
	{"has-child", `body:has(> p){display:none}`, ``, ReasonPseudo},
	// The wrapper's padding is capped.
	{"wrapper-padding-kept", `body{padding:0 64px 10% 4rem !important}`, ":scope.hc-mail{padding:0 64px 10% 4rem !important}\n", noRemoval},
	{"wrapper-padding-over-cap", `body{padding:65px;color:red}`, ":scope.hc-mail{color:red}\n", ReasonWrapper},
	{"wrapper-padding-em", `body{padding-top:2em;color:red}`, ":scope.hc-mail{color:red}\n", ReasonWrapper},
	{"wrapper-padding-calc", `html{padding-left:calc(10px + 10px);color:red}`, ":scope.hc-mail{color:red}\n", ReasonWrapper},
	{"wrapper-padding-exponent", `body{padding:1e3px;color:red}`, ":scope.hc-mail{color:red}\n", ReasonWrapper},
	{"wrapper-padding-list-kept-elsewhere", `body,p{padding:500px}`, ":scope.hc-mail p{padding:500px}\n", ReasonWrapper},
	{"wrapper-margin", `body{margin:-200px;color:red}`, ":scope.hc-mail{color:red}\n", ReasonWrapper},
}

func TestSanitizeScopeRule(t *testing.T) {
	o := testOptions()
	o.Scope = scopeRuleScope
	for _, tc := range scopeTests {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.check(t, o)
			for _, written := range []string{got, "@scope{" + got + "}"} {
				if again, removed, _ := Sanitize(written, o); again != got || len(removed) > 0 {
					t.Errorf("Sanitize(%q) = %q, %v: not a fixed point", written, again, removed)
				}
			}
			if sel, ok := unscopedSelector(got, o.Scope); !ok {
				t.Errorf("Sanitize(%q) = %q: selector %q is not under the scope", tc.in, got, sel)
			}
		})
	}
}

// TestSelectorInScope: the fuzz target's reader catches the selectors
// that leave the wrapper, so that it would see Sanitize write one.
func TestSelectorInScope(t *testing.T) {
	tests := []struct {
		sel  string
		want bool
	}{
		{":scope.hc-mail", true},
		{":scope.hc-mail p", true},
		{":scope.hc-mail > p ~ p", true},
		{":scope.hc-mail td:not(.a,.b)", true},
		{":scope.hc-mail tr:nth-child(2n+1) td", true},
		{":scope.hc-mail :not(.hc-mail)", true},
		{":scope.hc-mail + p", false},
		{":scope.hc-mail ~ p", false},
		{":scope.hc-mail.x", false},
		{":scope.hc-mail:hover", false},
		{".hc-mail p", false},
		{"p", false},
		{":scope.hc-mail p :scope", false},
		{":scope.hc-mail :root", false},
		{":scope.hc-mail p .hc-mail", false},
		{":scope.hc-mail :is(p)", false},
		{":scope.hc-mail :has(+ p)", false},
		{":scope.hc-mail p:not(.a ~ .b)", false},
		{":scope.hc-mail p:not(.a .b)", false},
	}
	for _, tc := range tests {
		if got := selectorInScope(tc.sel, scopeRuleScope); got != tc.want {
			t.Errorf("selectorInScope(%q) = %v, want %v", tc.sel, got, tc.want)
		}
	}
}

func TestWrapperValue(t *testing.T) {
	tests := []struct {
		prop, value string
		want        bool
	}{
		{"color", "red", true},
		{"padding", "0", true},
		{"padding", "64px", true},
		{"padding", "20px 0 10% 4rem", true},
		{"padding", "20PX !IMPORTANT", true},
		{"padding", "64.5px", false},
		{"padding", "1px 2px 3px 4px 5px", false},
		{"padding-top", "1px 2px", false},
		{"padding-top", "11%", false},
		{"padding-left", "5rem", false},
		{"padding", "1em", false},
		{"padding", "1vw", false},
		{"padding", "inherit", false},
		{"padding", "-1px", false},
		{"padding", "nanpx", false},
		{"padding", "1e999px", false},
		{"padding", "", false},
	}
	for _, tc := range tests {
		if got := WrapperValue(tc.prop, tc.value); got != tc.want {
			t.Errorf("WrapperValue(%q, %q) = %v, want %v", tc.prop, tc.value, got, tc.want)
		}
	}
}
