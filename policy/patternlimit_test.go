package policy

import (
	"fmt"
	"regexp/syntax"
	"runtime"
	"strings"
	"testing"
)

// TestProgramInsts: the count the limits use is the length of the
// program regexp/syntax compiles (a large class counting more), or a
// little more, never less.
func TestProgramInsts(t *testing.T) {
	patterns := []string{
		`a`, `abc`, `a{1,1000}`, `a{1000}`, `a{3,}`, `a{0,}`, `a{0}`, `a{0,0}`, `(?:ab){2,5}`,
		`(a{1,3}|b){2}`, `((a{1,10}){1,10}){1,10}`, `(?:(?:a|b)?c{1,9}){1,99}`, `(a*)*`, `(?:a|b)+?`,
		`\pL{1,1000}`, `[\p{L}\p{N}]{1,200}`, `(?i)[a-z]{1,1000}`, `(?i:abc|abd|aef)`, `a|`, `(?:)`,
		`[^\s\S]`, `^(?:x)$`, `\bfoo\B`, `(?s:.*)`, `.+`, `[a-z]+(?:-[a-z0-9]+){0,7}`,
		patMailCSS, patColor, patLang, bmParagraph, bmNumber, `(?:` + strings.Repeat(`a{1,99}|`, 50) + `b)`,
	}
	for _, src := range patterns {
		re, err := syntax.Parse(src, syntax.Perl)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		prog, err := syntax.Compile(re.Simplify())
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		want := len(prog.Inst) // and what large classes count
		for _, in := range prog.Inst {
			if in.Op == syntax.InstRune {
				want += len(in.Rune) / classRunes
			}
		}
		got := programInsts(re)
		if got < want || got > want+want/10+2 {
			t.Errorf("programInsts(%q) = %d, compiled program has %d", src, got, want)
		}
	}
}

// costlyPolicies are policy files built to make loading expensive, each
// up to the file cap: every kind of pattern (repetition, nesting,
// alternation, large classes, long concatenations), many of them, and
// many entries of every list that scales. Each must load, or be refused
// with an error naming an entry of the file.
func costlyPolicies() []struct{ name, file string } {
	fillTo := func(size int, head, format, tail string) string { // copies of format up to size
		per := len(fmt.Sprintf(format, 99999))
		return repeatLines(head, format, tail, (size-len(head)-len(tail))/per-1)
	}
	fill := func(head, format, tail string) string { return fillTo(maxPolicyBytes, head, format, tail) }
	long := func(head, unit, tail string) string { // one value of units up to the cap
		return head + strings.Repeat(unit, (maxPolicyBytes-len(head)-len(tail))/len(unit)-1) + tail
	}
	return []struct{ name, file string }{
		{"repeat-same", fill("extends: ugc\nattributes:\n", "  - {name: title, match: 'a{1,1000}'} #%d\n", "")},
		{"repeat-distinct", fill("extends: ugc\nattributes:\n", "  - {name: title, match: 'a{1,1000}%d'}\n", "")},
		{"repeat-distinct-on", fill("extends: ugc\nattributes:\n", "  - {name: title, on: [p], match: 'a{1,1000}%d'}\n", "")},
		{"repeat-small-many", fill("extends: ugc\nattributes:\n", "  - {name: title, on: [p], match: 'a{1,40}%d'}\n", "")},
		{"nested", fill("extends: ugc\nattributes:\n", "  - {name: title, match: '((a{1,10}){1,10}){1,10}%d'}\n", "")},
		{"alternation-nested", fill("extends: ugc\nattributes:\n", "  - {name: title, match: '(?:(?:a|b|c){1,10}|d){1,100}%d'}\n", "")},
		{"large-class", fill("extends: ugc\nattributes:\n", "  - {name: title, match: '[\\p{L}\\p{N}\\p{M}]{1,999}%d'}\n", "")},
		{"one-long-concatenation", long("extends: ugc\nattributes:\n  - {name: title, match: '", "a{1,1000}", "'}\n")},
		{"one-long-alternation", long("extends: ugc\nattributes:\n  - {name: title, match: 'x", "|abcdefg", "'}\n")},
		{"one-long-literal", long("extends: ugc\nattributes:\n  - {name: title, match: '", "abcdefgh", "'}\n")},
		{"class-patterns", fill("extends: ugc\nclasses:\n", "  - {match: 'c{1,1000}%d'}\n", "")},
		{"class-tokens", long("extends: ugc\nclasses:\n  - tokens: [", "abcdefghijkl, ", "z]\n")},
		{"style-patterns", fill("extends: ugc\nstyles:\n", "  - {property: color, match: 'a{1,1000}%d'}\n", "")},
		{"style-properties", fill("extends: ugc\nstyles:\n", "  - {property: x-p%d, match: 'a{1,300}'}\n", "")},
		// Each element gets its own set of properties: as many whole-style
		// patterns as elements, each as long as the list.
		{"style-per-element", fill("extends: ugc\nstyles:\n", "  - {property: x-p%[1]d, on: [p, b, i, em, strong, code, pre, blockquote, li, ul, ol, h1, h2, h3, h4, td, th, tr, sub, sup, span, div, dl, dt, dd, table, thead, tbody, s, u, small, mark, q, abbr, cite, kbd, samp, var, del, ins, figure, figcaption, caption, hr, br, a, img, time, tfoot, wbr, h5, h6], keywords: [k%[1]d]}\n", "")},
		{"wildcards", fill("extends: ugc\nadd:\n  attributes:\n", "    - {name: \"data-w%d-*\", match: 'a{1,1000}'}\n", "")},
		{"deny-schemes", fill("extends: ugc\nurls:\n  schemes: ['*']\n  deny_schemes: [", "abcdefghijklmnopqrstuvwxyz%d, ", "z]\n")},
		{"elements-and-global-attributes", fillTo(maxPolicyBytes/2, "extends: ugc\nadd:\n  elements: [", "e%d, ", "p]\n") +
			fillTo(maxPolicyBytes/2, "attributes:\n", "  - {name: x-a%d, kind: text, match: 'a{1,9}'}\n", "")},
		{"attribute-rules", fill("extends: ugc\nattributes:\n", "  - {name: x-a%d, kind: text}\n", "")},
	}
}

// TestLoadCostlyPolicies: compiling a policy built to be costly
// allocates under 100 MB beyond decoding its YAML (counted, not timed;
// BenchmarkLoadCostly times it), and it either loads or is refused at an
// entry of the file.
func TestLoadCostlyPolicies(t *testing.T) {
	const budget = 160 << 20 // see docs/policy.md, "Limits of a policy file"
	for _, tc := range costlyPolicies() {
		t.Run(tc.name, func(t *testing.T) {
			if len(tc.file) > maxPolicyBytes || len(tc.file) < maxPolicyBytes*9/10 {
				t.Fatalf("file of %d bytes, want just under %d", len(tc.file), maxPolicyBytes)
			}
			var err error
			decode := allocated(func() { _, _ = ParseConfig(strings.NewReader(tc.file), "p.yaml") })
			load := allocated(func() { _, err = Load(strings.NewReader(tc.file), "p.yaml") })
			t.Logf("decoding allocated %d MB, loading %d MB", decode>>20, load>>20)
			if load-decode > budget {
				t.Errorf("compiling allocated %d MB, more than %d", (load-decode)>>20, budget>>20)
			}
			if err == nil {
				return
			}
			ces := configErrors(t, err)
			if len(ces) == 0 || ces[0].Line < 2 || ces[0].Field == "" || ces[0].Field == "(file)" {
				t.Errorf("refused without naming an entry: %v", err)
			}
			t.Logf("%.200v", err)
		})
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

// BenchmarkLoadCostly times loading each costly policy:
// go test ./policy -run '^$' -bench LoadCostly -benchtime 1x
func BenchmarkLoadCostly(b *testing.B) {
	for _, tc := range costlyPolicies() {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.file)))
			b.ReportAllocs()
			for b.Loop() {
				_, _ = Load(strings.NewReader(tc.file), "p.yaml")
			}
		})
	}
}
