package stylesheet

import (
	"fmt"
	"strings"
	"testing"
)

// identRunes are the code points the generated identifiers are made of:
// those that decide whether a name "would start an identifier" (CSS
// Syntax §4.3.9) and those that must be escaped inside one.
var identRunes = []rune{'-', '1', 'a', 'e', '_', 'é', ' ', '.', '\\', '\u00a0'}

// genNames returns every name of up to n code points of identRunes.
func genNames(n int) []string {
	names := []string{""}
	all := []string{}
	for k := 0; k < n; k++ {
		var next []string
		for _, p := range names {
			for _, r := range identRunes {
				next = append(next, p+string(r))
			}
		}
		all = append(all, next...)
		names = next
	}
	return all
}

// escapeAll writes name with every code point as a hex escape.
func escapeAll(name string) string {
	var b strings.Builder
	for _, r := range name {
		fmt.Fprintf(&b, "\\%x ", r)
	}
	return b.String()
}

// escapeFirst writes name with only its first code point escaped by
// itself ("\-"), as authors and fuzzers write "\--".
func escapeFirst(name string) string {
	if name == "" || strings.ContainsRune(name, '\\') {
		return escapeAll(name)
	}
	return `\` + name
}

// TestIdentsReadBackTheSame checks, for every generated identifier,
// written escaped in every place a sheet holds an ident (class, id,
// attribute, pseudo-class argument, property name, value, unit), that
// what Sanitize writes is a fixed point: read again it is kept whole and
// unchanged. A name decoded from "\--" once came out as "--", which the
// lexer reads as a custom property name, not the ident it was.
func TestIdentsReadBackTheSame(t *testing.T) {
	contexts := []string{
		".%s{color:red}", "#%s{color:red}", "[%s]{color:red}", "p{color:%s}",
		"p{%s:red}", "p{margin:1%s}", "p{font-family:a %s}", "p:not(.%s){color:red}",
		"@media %s{p{color:red}}", "p{color:#%s}", "p:nth-child(%s){color:red}",
	}
	o := testOptions()
	o.Scope = scopeRuleScope
	kept := 0
	for _, name := range genNames(3) {
		for _, enc := range []func(string) string{escapeAll, escapeFirst} {
			for _, c := range contexts {
				in := fmt.Sprintf(c, enc(name))
				once, _, err := Sanitize(in, o)
				if err != nil {
					t.Fatalf("Sanitize(%q): %v", in, err)
				}
				if once != "" {
					kept++
				}
				twice, removed, err := Sanitize(once, o)
				if err != nil || twice != once || len(removed) > 0 {
					t.Errorf("Sanitize(%q) = %q, again %q, %v, %v: not a fixed point", in, once, twice, removed, err)
				}
			}
		}
	}
	if kept == 0 {
		t.Fatal("no generated sheet was kept: the test checks nothing")
	}
}
