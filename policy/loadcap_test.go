package policy

import (
	"fmt"
	"strings"
	"testing"
)

// repeatLines builds a policy: head, then n copies of format (with %d
// the copy's index), then tail.
func repeatLines(head, format, tail string, n int) string {
	var b strings.Builder
	b.WriteString(head)
	for i := range n {
		fmt.Fprintf(&b, format, i)
	}
	b.WriteString(tail)
	return b.String()
}

// TestLoadErrorCap: a file with 19k bad rel values must not print
// 19,002 error lines; every source of errors stops at maxErrors and
// says how many more there were.
func TestLoadErrorCap(t *testing.T) {
	tests := []struct {
		name, file string
		more       string // the last error's message
	}{
		{"bad-rel-19k", repeatLines("extends: ugc\nlinks:\n  rel: [", "X%d,", "]\n", 19_000), "... and 18,980 more errors"},
		{"type-errors-2k", repeatLines("extends: ugc\nattributes:\n", "  - {name: title, on: [p], colour: red%d}\n", "", 2000), "... and 1,980 more errors"},
		{"type-errors-one-line", repeatLines(`{"extends": "ugc", "elements": [`, `[%d], `, `"p"]}`, 5000), "... and 4,980 more errors"},
		// Decoding and compiling errors share one cap: 15 + 15.
		{"both", repeatLines("extends: ugc\nattributes:\n", "  - {name: title, colour: red%d}\n", "", 15) + repeatLines("links:\n  rel: [", "X%d,", "]\n", 15), "... and 10 more errors"},
		{"one-more", repeatLines("extends: ugc\nlinks:\n  rel: [", "X%d,", "]\n", maxErrors+1), "... and 1 more error"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(tc.file), "p.yaml")
			ces := configErrors(t, err)
			if len(ces) != maxErrors+1 {
				t.Fatalf("%d errors, want %d", len(ces), maxErrors+1)
			}
			for _, ce := range ces[:maxErrors] {
				if ce.Line == 0 || ce.Field == "" || ce.File != "p.yaml" {
					t.Errorf("error not located: %v", ce)
				}
			}
			last := ces[maxErrors]
			if last.Msg != tc.more || last.Field != "(file)" {
				t.Errorf("last error %+v, want message %q", last, tc.more)
			}
			if got, want := last.Error(), "policy: p.yaml: (file): "+tc.more; got != want {
				t.Errorf("last Error() = %q, want %q", got, want)
			}
		})
	}
	// ParseConfig and Compile cap the same way.
	_, err := ParseConfig(strings.NewReader(repeatLines("extends: ugc\nattributes:\n", "  - {name: title, colour: red%d}\n", "", 100)), "p.yaml")
	if n := len(configErrors(t, err)); n != maxErrors+1 {
		t.Errorf("ParseConfig: %d errors, want %d", n, maxErrors+1)
	}
	_, err = Compile(Config{Links: Links{Rel: strings.Fields(strings.Repeat("X ", 1000))}})
	if ces := configErrors(t, err); len(ces) != maxErrors+1 || ces[maxErrors].Msg != "... and 980 more errors" {
		t.Errorf("Compile: %d errors, last %v", len(ces), ces[len(ces)-1])
	}
}

// TestLoadManyTypeErrorsLocated is the reproducer of pathAtLine's
// quadratic walk (4k type errors: 4.1 s; 3k fit the count of nodes): the reported errors still name
// the right line and setting.
func TestLoadManyTypeErrorsLocated(t *testing.T) {
	_, err := Load(strings.NewReader(repeatLines("extends: ugc\nattributes:\n", "  - name: title\n    colour: red%d\n", "", 3000)), "p.yaml")
	for i, ce := range configErrors(t, err)[:maxErrors] {
		if want := fmt.Sprintf("attributes[%d].colour", i); ce.Field != want || ce.Line != 4+2*i {
			t.Errorf("error %d at %d %s, want line %d %s", i, ce.Line, ce.Field, 4+2*i, want)
		}
	}
}

// TestLoadWideMapping: a mapping wider than any setting is refused before
// yaml.v3 checks its keys for repeats (quadratic: 20k keys took 0.85 s).
func TestLoadWideMapping(t *testing.T) {
	tests := []struct {
		name, file, field string
		line              int
	}{
		{"unknown-keys-20k", repeatLines("extends: ugc\nurls:\n", "  s%d: x\n", "", 20_000), "urls", 2},
		{"top-level", repeatLines("extends: ugc\n", "k%d: 1\n", "", maxKeys), "(file)", 1},
		{"in-a-list", repeatLines("extends: ugc\nelements:\n  - p\n  - ", "{k%d: 1}\n", "", 1) + repeatLines("  - {", "k%d: 1, ", "}\n", maxKeys+1), "elements[2]", 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(tc.file), "p.yaml")
			ces := configErrors(t, err)
			if len(ces) != 1 || ces[0].Field != tc.field || ces[0].Line != tc.line || !strings.Contains(ces[0].Msg, "settings in one place") {
				t.Errorf("got %v, want one error at %d %s", err, tc.line, tc.field)
			}
		})
	}
	// maxKeys keys is not wide: the usual errors, one per key.
	_, err := Load(strings.NewReader(repeatLines("extends: ugc\nurls:\n", "  s%d: x\n", "", 10)), "p.yaml")
	if ces := configErrors(t, err); len(ces) != 10 || ces[9].Field != "urls.s9" {
		t.Errorf("10 unknown keys: %v", err)
	}
}

// TestLoadManyElements is the reproducer of setEdit's quadratic time
// (60k add.elements: 14 s, 293 MB): it loads, with every element, as
// many as maxRules allows with the preset's global attributes (and the
// count of nodes: maxNodes).
func TestLoadManyElements(t *testing.T) {
	n := min(maxRules/(len(mustPreset(t, "ugc").r.Elements["p"].Attrs)+1), maxNodes-100)
	p, err := Load(strings.NewReader(repeatLines("extends: ugc\nadd:\n  elements: [", "x%d, ", "]\n", n)), "p.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if el := p.r.Elements[fmt.Sprintf("x%d", n-1)]; el == nil || el.Attr("title") == nil {
		t.Errorf("x%d missing or without title", n-1)
	}
	if got := len(p.Config().Elements); got != n+len(mustPreset(t, "ugc").Config().Elements) {
		t.Errorf("%d elements", got)
	}
}

func mustPreset(t *testing.T, name string) *Policy {
	t.Helper()
	p, err := Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLoadRuleCap: attributes that apply to every element multiply with
// the elements; past maxRules the policy is refused, quickly, with one
// error.
func TestLoadRuleCap(t *testing.T) {
	file := repeatLines("elements: [", "e%d, ", "]\nattributes:\n", 3000) + repeatLines("", "  - {name: x-a%d, kind: text}\n", "", 100)
	_, err := Load(strings.NewReader(file), "p.yaml")
	ces := configErrors(t, err)
	if len(ces) != 1 || !strings.Contains(ces[0].Msg, "more than 131,072 attribute rules") || ces[0].Field != "attributes[43]" {
		t.Errorf("got %v", err)
	}
}

// TestLoadClassRuleCap: class rules count toward the same bound, and
// the error names the rule and its line.
func TestLoadClassRuleCap(t *testing.T) {
	file := repeatLines("elements: [", "e%d, ", "]\nclasses:\n", 3000) + repeatLines("", "  - {tokens: [t%d]}\n", "", 100)
	_, err := Load(strings.NewReader(file), "p.yaml")
	ces := configErrors(t, err)
	if len(ces) != 1 || !strings.Contains(ces[0].Msg, "more than 131,072 attribute and class rules") ||
		ces[0].Field != "classes[43]" || ces[0].Line != 3+43 {
		t.Errorf("got %v", err)
	}
}

// TestLoadSecondDocument: a second YAML document used to be ignored
// silently; it is refused at its "---".
func TestLoadSecondDocument(t *testing.T) {
	tests := []struct {
		name, file string
		line       int // 0: loads
	}{
		{"second", "extends: ugc\n---\nextends: strict\n", 2},
		{"empty-second", "extends: ugc\n---\n", 2},
		{"comment-second", "extends: ugc\n--- # more\n# nothing\n", 2},
		{"flow", "{extends: ugc}\n--- {extends: basic}\n", 2},
		{"leading-marker", "---\nextends: ugc\n", 0},
		{"end-marker", "extends: ugc\n...\n", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(tc.file), "p.yaml")
			if tc.line == 0 {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			ces := configErrors(t, err)
			if len(ces) != 1 || ces[0].Line != tc.line || !strings.Contains(ces[0].Msg, "second document") {
				t.Errorf("got %v, want a second-document error at line %d", err, tc.line)
			}
		})
	}
}

// TestLimitMessages: each range reads the right way round (a negative
// limit once said "-2 is out of range [1, -5]"), and a limit the file did
// not set never fails because of one it did.
func TestLimitMessages(t *testing.T) {
	tests := []struct {
		name, limits string
		field, msg   string // "" loads
	}{
		{"negative-both", "  max_token_bytes: -5\n  max_attribute_bytes: -2\n", "limits.max_attribute_bytes", "-2 is out of range [1, 1,073,741,824]"},
		{"negative-token", "  max_token_bytes: -5\n", "limits.max_token_bytes", "-5 is out of range [1,024, 1,073,741,824]"},
		{"input-minus-two", "  max_input_bytes: -2\n", "limits.max_input_bytes", "-2 is out of range [1, 1,099,511,627,776], or -1 for no limit"},
		{"input-no-limit", "  max_input_bytes: -1\n", "", ""},
		{"depth", "  max_depth: -5\n", "limits.max_depth", "-5 is out of range [1, 100,000]"},
		{"attributes", "  max_attributes: 100001\n", "limits.max_attributes", "100001 is out of range [1, 100,000]"},
		{"attribute-over-token", "  max_token_bytes: 2048\n  max_attribute_bytes: 4096\n", "limits.max_attribute_bytes", "more than limits.max_token_bytes (2048)"},
		{"token-alone", "  max_token_bytes: 2048\n", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Load(strings.NewReader("extends: ugc\nlimits:\n"+tc.limits), "p.yaml")
			if tc.field == "" {
				if err != nil {
					t.Fatal(err)
				}
				if l := p.Limits(); l.MaxAttributeBytes > l.MaxTokenBytes {
					t.Errorf("limits %+v", l)
				}
				return
			}
			found := false
			for _, ce := range configErrors(t, err) {
				if ce.Field == tc.field {
					found = true
					if !strings.Contains(ce.Msg, tc.msg) {
						t.Errorf("%s: %q, want %q in it", ce.Field, ce.Msg, tc.msg)
					}
				}
			}
			if !found {
				t.Errorf("no error for %s in %v", tc.field, err)
			}
		})
	}
}

// TestLoadNodeCap: a file of maxNodes nodes is decoded and compiled; one
// more, and it is refused before decoding, at the node that passed the
// count, however the nodes are spread (one flow list, block entries,
// mappings in a list).
func TestLoadNodeCap(t *testing.T) {
	for _, tc := range []struct {
		name         string
		file         func(n int) string
		field        string // of the entry holding the node past the count, for n+1 entries
		nodesPerItem int
	}{
		{"flow-list", func(n int) string { return repeatLines("extends: ugc\nlinks:\n  rel: [", "x%d, ", "]\n", n) }, "links.rel[%d]", 1},
		{"block-list", func(n int) string { return repeatLines("extends: ugc\nadd:\n  schemes:\n", "    - s%d\n", "", n) }, "add.schemes[%d]", 1},
		{"mappings", func(n int) string {
			return repeatLines("extends: ugc\nattributes:\n", "  - {name: x-a%d, kind: text, on: [p]}\n", "", n)
		}, "attributes[%d]", 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			head := countNodes(tc.file(1)) - tc.nodesPerItem
			n := (maxNodes - head) / tc.nodesPerItem
			if got := countNodes(tc.file(n)); got > maxNodes || got <= maxNodes-tc.nodesPerItem {
				t.Fatalf("%d entries: %d nodes, want just up to %d", n, got, maxNodes)
			}
			if _, err := Load(strings.NewReader(tc.file(n)), "p.yaml"); err != nil {
				t.Errorf("%d nodes: %.300v", countNodes(tc.file(n)), err)
			}
			_, err := Load(strings.NewReader(tc.file(n+1)), "p.yaml")
			ces := configErrors(t, err)
			if len(ces) != 1 || !strings.Contains(ces[0].Msg, "more than 20,000 settings and values") ||
				!strings.HasPrefix(ces[0].Field, fmt.Sprintf(tc.field, n)) || ces[0].Line < 3 {
				t.Errorf("%d nodes: %v", countNodes(tc.file(n+1)), err)
			}
		})
	}
}
