package policy

import (
	"strings"
	"testing"
)

// TestLoadErrorPlaces: a malformed policy is reported at the line and
// setting that hold the mistake, with what is wrong, for each class of
// mistake: a value of the wrong type, a flow list or mapping left open,
// a list that makes the policy pass a limit, and a key that replaces a
// list the preset needs.
func TestLoadErrorPlaces(t *testing.T) {
	many := func(head, format, tail string, n int) string { return repeatLines(head, format, tail, n) }
	tests := []struct {
		name, file string
		line       int
		field, msg string
	}{
		// extends takes one name.
		{"extends-flow-list", "extends: [ugc]\n", 1, "extends", "one preset name, a string, not a list"},
		{"extends-block-list", "# a forum\nextends:\n  - ugc\n", 3, "extends", "not a list"},
		{"extends-mapping", "extends: {preset: ugc}\n", 1, "extends", "not a mapping"},
		{"extends-number", "elements: [p]\nextends: 12\n", 2, "extends", `not "12" (int)`},
		{"extends-empty", "extends:\nelements: [p]\n", 1, "extends", "not empty"},
		{"extends-unknown", "extends: ucg\n", 1, "extends", `unknown preset "ucg"`},
		// Values of the wrong type, in each kind of key.
		{"list-as-mapping", "extends: ugc\nelements: {p: 1}\n", 2, "elements", "cannot unmarshal"},
		{"list-as-scalar", "extends: ugc\nurls:\n  schemes: https\n", 3, "urls.schemes", "cannot unmarshal"},
		{"mapping-as-list", "extends: ugc\nlinks: [nofollow]\n", 2, "links", "cannot unmarshal"},
		{"bool-as-word", "extends: ugc\nlinks:\n  target_blank: sometimes\n", 3, "links.target_blank", "cannot unmarshal"},
		{"int-as-word", "extends: ugc\nlimits:\n  max_depth: deep\n", 3, "limits.max_depth", "cannot unmarshal"},
		{"entry-as-scalar", "extends: ugc\nattributes:\n  - title\n", 3, "attributes", "cannot unmarshal"},
		{"entry-field-as-list", "extends: ugc\nattributes:\n  - name: [title]\n", 3, "attributes[0].name", "cannot unmarshal"},
		// Flow lists and mappings left open.
		{"open-list-then-key", "extends: ugc\nlinks:\n  rel: [a, b\nurls:\n  schemes: [https]\n", 3, "links.rel", `"]" is missing`},
		{"open-list-deeper", "extends: ugc\nlinks:\n  internal_hosts: [a.example]\n  rel: [a, b\n", 4, "links.rel", `"]" is missing`},
		{"open-list-top", "extends: ugc\nelements: [p, b\nunlisted: drop\n", 2, "elements", `"]" is missing`},
		{"open-list-in-mapping", "extends: ugc\nattributes:\n  - {name: title, on: [p, b}\n", 3, "attributes", `flow list opened with "[" at column 23`},
		{"open-mapping", "extends: ugc\nattributes:\n  - {name: title, on: [p, b]\nurls:\n  schemes: [https]\n", 3, "attributes", `flow mapping opened with "{" at column 5`},
		{"open-list-quoted-bracket", "extends: ugc\nurls:\n  schemes: [https, \"a]\"\nlinks: {}\n", 3, "urls.schemes", `"]" is missing`},
		// Lists that make the policy pass the rule limit: the file's list
		// is named, not the preset's entry that applies to it.
		{"add-elements-overflow", many("extends: sanitizer-api\nadd:\n  elements: [", "x%d, ", "x]\n", 19_000), 3, "add.elements", "the preset's attributes["},
		{"elements-overflow", many("extends: sanitizer-api\nelements: [", "x%d, ", "x]\n", 19_000), 2, "elements", "the preset's attributes["},
		{"own-attributes-overflow", many("elements: [", "e%d, ", "]\nattributes:\n", 3000) + many("", "  - {name: x-a%d, kind: text}\n", "", 100), 3 + 43, "attributes[43]", "more than 131,072 attribute rules"},
		{"own-classes-overflow", many("elements: [", "e%d, ", "]\nclasses:\n", 3000) + many("", "  - {tokens: [t%d]}\n", "", 100), 3 + 43, "classes[43]", "more than 131,072 attribute and class rules"},
		{"class-tokens-overflow", many("extends: ugc\nclasses:\n  - tokens: [", "t%d, ", "]\n", 10_000), 3, "classes[0].tokens[", "more than 100,000 instructions"},
		{"deny-schemes-overflow", many("extends: ugc\nurls:\n  schemes: ['*']\n  deny_schemes: [", "abcdefghijklmnopqrstuvwxyz%d, ", "z]\n", 1000), 4, "urls.deny_schemes[", "more than 100,000 instructions"},
		{"pattern-too-large", "extends: ugc\nattributes:\n  - {name: title, on: [p]}\n  - name: title\n    match: 'a{1,1000}b{1,1000}c{1,1000}'\n", 5, "attributes[1].match", "more than the 5,000 one pattern may have"},
		{"patterns-too-many", many("extends: ugc\nattributes:\n", "  - {name: title, on: [p], match: 'a{1,1000}%d'}\n", "", 100), 3 + 49, "attributes[49].match", "title value on p is matched against"},
		{"style-patterns-too-many", many("extends: ugc\nstyles:\n", "  - {property: color, on: [p], match: 'a{1,1000}%d'}\n", "", 100), 3 + 24, "styles[24].match", "style value on p"},
		// Keys that replace a list the preset needs.
		{"mail-styles-replaced", "extends: mail\ndocument: wrap\nstyles:\n  - {property: color, values: color}\n", 3, "styles", "replaces the preset's list, and document: wrap needs styles"},
		{"mail-classes-replaced", "extends: mail\nclasses:\n  - {tokens: [x]}\n", 2, "classes", "replaces the preset's list, and document: wrap needs classes"},
		{"mail-elements-replaced", "extends: mail\nelements: [p, a]\n", 2, "elements", "replaces the preset's list, and document: wrap needs div"},
		{"wrap-without-styles", "extends: ugc\ndocument: wrap\n", 2, "document", "wrap needs"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(tc.file), "p.yaml")
			if err == nil {
				t.Fatal("loaded")
			}
			for _, ce := range configErrors(t, err) {
				if ce.Line == tc.line && strings.HasPrefix(ce.Field, tc.field) && strings.Contains(ce.Msg, tc.msg) {
					return
				}
			}
			t.Errorf("no error at line %d, %s, saying %q; got:\n%.600v", tc.line, tc.field, tc.msg, err)
		})
	}
}
