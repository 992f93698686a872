package yamltree

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFieldPathSteps checks that a field path splits into the keys and
// indexes the pattern ([A-Za-z0-9_-]+)|\[(\d+)\] finds in it, including
// the cut paths of long excerpts and bytes that are neither.
func TestFieldPathSteps(t *testing.T) {
	re := regexp.MustCompile(`([A-Za-z0-9_-]+)|\[(\d+)\]`)
	tests := []string{
		"", "(file)", "extends", "urls.flags.nested-url", "add.attributes[0].match",
		"classes[0].tokens[", "a[12x].b", "[3]", "[[4]]", "x[]y", "é.k[7]é", "a..b", "a[99999999999999999999]",
		"styles[24].match", "k" + strings.Repeat("[1", 5) + "]",
	}
	for _, path := range tests {
		var want, got [][2]string
		for _, m := range re.FindAllStringSubmatch(path, -1) {
			want = append(want, [2]string{m[1], m[2]})
		}
		for rest := path; ; {
			var key, index string
			if key, index, rest = nextPathPart(rest); key == "" && index == "" {
				break
			}
			got = append(got, [2]string{key, index})
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("nextPathPart steps of %q mismatch (-want +got):\n%s", path, diff)
		}
	}
}
