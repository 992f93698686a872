package policy

import (
	"fmt"
	"regexp/syntax"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/htmlclean/htmlclean/internal/reprog"
	"github.com/htmlclean/htmlclean/internal/yamltree"
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
				want += len(in.Rune) / reprog.ClassRunes
			}
		}
		got := reprog.Insts(re)
		if got < want || got > want+want/10+2 {
			t.Errorf("Insts(%q) = %d, compiled program has %d", src, got, want)
		}
	}
}

// costlyPolicies are policy files built to make loading expensive: every
// kind of pattern (repetition, nesting, alternation, large classes, long
// concatenations), many of them, and many entries of every list that
// scales. Each comes twice: filling the file cap (maxPolicyBytes), which
// the count of nodes refuses before decoding, and with as many entries
// as that count allows (atNodes), which is decoded and compiled. Each
// must load, or be refused with an error naming an entry of the file.
func costlyPolicies() []costlyPolicy {
	var out []costlyPolicy
	for _, atNodes := range []bool{false, true} {
		suffix := ""
		if atNodes {
			suffix = "-at-node-cap"
		}
		// copies of format up to size bytes, and (atNodes) nodes
		fillTo := func(size, nodes int, head, format, tail string) string {
			n := (size-len(head)-len(tail))/len(fmt.Sprintf(format, 99999)) - 1
			if atNodes {
				one, two := countNodes(repeatLines(head, format, tail, 1)), countNodes(repeatLines(head, format, tail, 2))
				n = min(n, (nodes-(one-(two-one)))/(two-one)-1)
			}
			return repeatLines(head, format, tail, n)
		}
		fill := func(head, format, tail string) string { return fillTo(maxPolicyBytes, maxNodes, head, format, tail) }
		long := func(head, unit, tail string) string { // one value of units up to the caps
			n := (maxPolicyBytes-len(head)-len(tail))/len(unit) - 1
			if atNodes && strings.HasSuffix(head, "[") { // each unit an item of a flow list
				n = min(n, maxNodes-20)
			}
			return head + strings.Repeat(unit, n) + tail
		}
		for _, tc := range []struct{ name, file string }{
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
			{"class-entries", fill("extends: ugc\nclasses:\n", "  - {on: [p], tokens: [t%d]}\n", "")},
			{"style-patterns", fill("extends: ugc\nstyles:\n", "  - {property: color, match: 'a{1,1000}%d'}\n", "")},
			{"style-properties", fill("extends: ugc\nstyles:\n", "  - {property: x-p%d, match: 'a{1,300}'}\n", "")},
			// Each element gets its own set of properties: as many whole-style
			// patterns as elements, each as long as the list.
			{"style-per-element", fill("extends: ugc\nstyles:\n", "  - {property: x-p%[1]d, on: [p, b, i, em, strong, code, pre, blockquote, li, ul, ol, h1, h2, h3, h4, td, th, tr, sub, sup, span, div, dl, dt, dd, table, thead, tbody, s, u, small, mark, q, abbr, cite, kbd, samp, var, del, ins, figure, figcaption, caption, hr, br, a, img, time, tfoot, wbr, h5, h6], keywords: [k%[1]d]}\n", "")},
			{"style-keywords", fill("extends: ugc\nstyles:\n", "  - {property: x-k%d, keywords: [a, b, c, d, e, f, g, h]}\n", "")},
			{"wildcards", fill("extends: ugc\nadd:\n  attributes:\n", "    - {name: \"data-w%d-*\", match: 'a{1,1000}'}\n", "")},
			{"deny-schemes", long("extends: ugc\nurls:\n  schemes: ['*']\n  deny_schemes: [", "abcdefghijklmnopqrstuvwxyz, ", "z]\n")},
			{"schemes", fill("extends: ugc\nurls:\n  schemes:\n", "    - s%d\n", "")},
			{"embed-hosts", fill("extends: ugc\nembeds:\n  hosts:\n", "    - h%d.example\n", "")},
			{"elements", fill("extends: ugc\nelements:\n", "  - e%d\n", "")},
			{"drop", fill("extends: ugc\ndrop:\n", "  - e%d\n", "")},
			{"remove-attributes", fill("extends: ugc\nremove:\n  attributes:\n", "    - {name: x-a%d, on: [p]}\n", "")},
			{"elements-and-global-attributes", fillTo(maxPolicyBytes/2, maxNodes/2, "extends: ugc\nadd:\n  elements: [", "e%d, ", "p]\n") +
				fillTo(maxPolicyBytes/2, maxNodes/2, "attributes:\n", "  - {name: x-a%d, kind: text, match: 'a{1,9}'}\n", "")},
			{"attribute-rules", fill("extends: ugc\nattributes:\n", "  - {name: x-a%d, kind: text}\n", "")},
		} {
			out = append(out, costlyPolicy{tc.name + suffix, tc.file, atNodes})
		}
	}
	return out
}

type costlyPolicy struct {
	name, file string
	atNodes    bool // filled up to maxNodes, not the file cap
}

// countNodes counts the nodes of a policy file as the load limit does.
func countNodes(file string) int {
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(file), &root); err != nil || len(root.Content) == 0 {
		return 0
	}
	budget := 1 << 30
	yamltree.Wide(root.Content[0], maxKeys, &budget)
	return 1<<30 - budget
}

// TestLoadCostlyPolicies: a policy built to be costly either loads or is
// refused at an entry of the file, and loading it keeps at most
// costlyHeap bytes of heap in use at once (sampled after each garbage
// collection; counted, not timed: BenchmarkLoadCostly times it). Without
// HTMLCLEAN_LONG (longTests) it loads the policies at the node cap and
// every third of the others.
func TestLoadCostlyPolicies(t *testing.T) {
	// The presets compile once, on first use: not inside a measurement.
	for _, name := range Presets() {
		if _, err := Preset(name); err != nil {
			t.Fatal(err)
		}
	}
	for i, tc := range costlyPolicies() {
		t.Run(tc.name, func(t *testing.T) {
			if !longTests() && !tc.atNodes && i%3 != 0 {
				t.Skip("run with HTMLCLEAN_LONG=1")
			}
			n := countNodes(tc.file)
			switch {
			case len(tc.file) > maxPolicyBytes:
				t.Fatalf("file of %d bytes, more than %d", len(tc.file), maxPolicyBytes)
			case tc.atNodes && (n > maxNodes || n < maxNodes*9/10 && len(tc.file) < maxPolicyBytes*9/10):
				t.Fatalf("file of %d nodes and %d bytes, want just under %d nodes", n, len(tc.file), maxNodes)
			case !tc.atNodes && len(tc.file) < maxPolicyBytes*9/10:
				t.Fatalf("file of %d bytes, want just under %d", len(tc.file), maxPolicyBytes)
			}
			var err error
			peak := peakHeap(func() { _, err = Load(strings.NewReader(tc.file), "p.yaml") })
			t.Logf("%d nodes, %d bytes: peak heap %d MB", n, len(tc.file), peak>>20)
			if peak > costlyHeap {
				t.Errorf("loading kept %d MB of heap in use, more than %d", peak>>20, costlyHeap>>20)
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

// costlyHeap bounds the heap in use while a costly policy loads. The
// process's peak (RSS) is this and the garbage the collector lets grow
// beside it (as much again, by default), plus the program itself. The
// most is building maxRules rules (46 MB for data-* wildcards); see
// docs/policy.md, "Limits of a policy file".
const costlyHeap = 64 << 20

// peakHeap returns the most heap f keeps live beyond what was live
// before: the live heap each garbage collection during f found (which
// sets how far the collector lets the heap grow), and what f left. The
// collector runs often meanwhile (GOGC=5), so that a peak between two
// collections is missed by at most 5% of the heap.
func peakHeap(f func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	live := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	runtime.GC()
	base := live()
	var peak atomic.Uint64
	done, sampled := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if l := live(); l > peak.Load() {
				peak.Store(l)
			}
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	f()
	close(done)
	<-sampled
	runtime.GC()
	if l := live(); l > peak.Load() {
		peak.Store(l)
	}
	return max(peak.Load(), base) - base
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
