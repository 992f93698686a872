package policy

import (
	"strings"
	"testing"
)

// TestSVGReferenceWarnings: String warns when a policy keeps elements
// used by reference but denies the references or keeps no ids.
func TestSVGReferenceWarnings(t *testing.T) {
	tests := []struct {
		name, file string
		want       []string
	}{
		{"strict-relative-denied", "extends: strict\nsvg: safe\nids:\n  prefix: u-\n", []string{"urls.relative: deny drops every same-document reference"}},
		{"no-ids", "extends: ugc\nsvg: safe\n", []string{"no id is kept"}},
		{"both", "extends: strict\nsvg: safe\n", []string{"urls.relative: deny", "no id is kept"}},
		{"use-only-no-ids", "extends: ugc\nelements: ['svg:svg', 'svg:use']\n", []string{"no id is kept", "svg:use"}},
		{"id-attribute-fragment", "extends: strict\nsvg: safe\nurls:\n  relative: fragment\nattributes:\n  - name: id\n    \"on\": ['svg:path']\n", nil},
		{"no-referrers", "extends: strict\nelements: ['svg:svg', 'svg:path']\n", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Load(strings.NewReader(tc.file), "p.yaml")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for l := range strings.Lines(p.String()) {
				if strings.HasPrefix(l, "# warning:") {
					got = append(got, l)
				}
			}
			all := strings.Join(got, "")
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("warnings %q lack %q", all, w)
				}
			}
			if tc.want == nil && len(got) != 0 {
				t.Errorf("warnings %q, want none", all)
			}
		})
	}
	if s := SVGUpload().String(); strings.Contains(s, "# warning:") {
		t.Errorf("svg-upload warns:\n%s", s)
	}
}
