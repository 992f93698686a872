package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// linkRE matches an inline markdown link or image: [text](target).
var linkRE = regexp.MustCompile(`\]\(([^()\s]+)\)`)

// headingRE matches an ATX heading.
var headingRE = regexp.MustCompile(`^#{1,6} (.+)$`)

// TestReadmeLinks checks that every relative link of README.md and of
// docs/*.md names a file of the module and, with a #fragment, a heading of
// that file (as GitHub makes anchors of headings).
func TestReadmeLinks(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range docFiles(t, root) {
		t.Run(name, func(t *testing.T) {
			md, err := os.ReadFile(filepath.Join(root, name))
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for _, l := range prose(string(md)) {
				for _, m := range linkRE.FindAllStringSubmatch(l.text, -1) {
					target := m[1]
					if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
						continue
					}
					checked++
					if msg := brokenLink(root, name, target); msg != "" {
						t.Errorf("%s:%d: link %q: %s", name, l.line, target, msg)
					}
				}
			}
			t.Logf("%d relative links", checked)
		})
	}
}

// brokenLink says what is wrong with a relative link of the document name,
// or "" when it resolves.
func brokenLink(root, name, target string) string {
	path, fragment, _ := strings.Cut(target, "#")
	file := filepath.Join(root, filepath.FromSlash(name))
	if path != "" {
		file = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
		rel, err := filepath.Rel(root, file)
		if err != nil || strings.HasPrefix(rel, "..") {
			return "outside the module"
		}
	}
	info, err := os.Stat(file)
	if err != nil {
		return "no such file"
	}
	if fragment == "" {
		return ""
	}
	if info.IsDir() || !strings.HasSuffix(file, ".md") {
		return "a fragment of a file that is not markdown"
	}
	md, err := os.ReadFile(file)
	if err != nil {
		return err.Error()
	}
	for _, a := range anchors(string(md)) {
		if a == fragment {
			return ""
		}
	}
	return "no heading makes the anchor #" + fragment
}

// A proseLine is a line of a document outside its code blocks.
type proseLine struct {
	text string
	line int
}

// prose returns the lines of md outside fenced code blocks.
func prose(md string) []proseLine {
	var out []proseLine
	inFence := false
	for i, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "```") {
			inFence = !inFence
			continue
		}
		if !inFence {
			out = append(out, proseLine{l, i + 1})
		}
	}
	return out
}

// anchors returns the anchors GitHub gives the headings of md: lower case,
// punctuation but "-" and "_" removed, spaces as "-", a repeated anchor
// numbered "-1", "-2", ...
func anchors(md string) []string {
	var out []string
	seen := map[string]int{}
	for _, l := range prose(md) {
		m := headingRE.FindStringSubmatch(l.text)
		if m == nil {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(m[1]) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 0x7f:
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			seen[a] = n + 1
			a += "-" + strconv.Itoa(n)
		} else {
			seen[a] = 1
		}
		out = append(out, a)
	}
	return out
}

// TestReadmeAnchors checks anchors against GitHub's spelling of the headings
// these documents use.
func TestReadmeAnchors(t *testing.T) {
	md := "# The HTML Sanitizer API's configuration\n## Embeds (iframe)\n```sh\n# not a heading\n```\n" +
		"### Markdown and Stack Exchange-style posts: data-*, classes, ids, rel\n## Embeds (iframe)\n### The `sanitizer-api` preset\n"
	want := []string{
		"the-html-sanitizer-apis-configuration",
		"embeds-iframe",
		"markdown-and-stack-exchange-style-posts-data--classes-ids-rel",
		"embeds-iframe-1",
		"the-sanitizer-api-preset",
	}
	if diff := cmp.Diff(want, anchors(md)); diff != "" {
		t.Errorf("anchors mismatch (-want +got):\n%s", diff)
	}
}
