package htmltree

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The html5lib tree-construction tests (x/net/html's copy), run through
// the builder: a document's tokens drive it as a caller writing every
// element would (placed, implied, closed), the element tree is rebuilt
// from its answers, and compared with the tree the test expects, for
// every document whose stacks the builder models. A document that needs
// what it does not model is skipped on the first such step, with the
// reason counted.

// html5libFloor is how many documents agreed when the test was written:
// fewer is a regression.
const html5libFloor = 329

// html5libDir is where the html5lib tree-construction tests of the x/net
// module this one requires are.
func html5libDir(tb testing.TB) string {
	tb.Helper()
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/net").Output()
	if err != nil {
		tb.Fatalf("go list -m golang.org/x/net: %v", err)
	}
	return filepath.Join(strings.TrimSpace(string(dir)), "html", "testdata", "html5lib-tests", "tree-construction")
}

// treeCase is one test: its input and the expected tree's body, in the
// html5lib dump format without attributes, re-indented from the body.
type treeCase struct {
	file, data, want string
	skip             string // why the case is not a document the builder is run on, or ""
}

// readTreeCases reads the tests of a .dat file.
func readTreeCases(file, text string) []treeCase {
	var cases []treeCase
	for _, chunk := range strings.Split("\n"+text, "\n#data\n")[1:] {
		data, rest, ok := strings.Cut(chunk, "\n#errors\n")
		if !ok {
			continue
		}
		tc := treeCase{file: file, data: data}
		_, doc, ok := strings.Cut(rest, "\n#document\n")
		switch {
		case strings.Contains(rest, "\n#document-fragment\n"):
			tc.skip = "a fragment (the builder reads documents)"
		case strings.Contains(rest, "\n#script-off\n"):
			tc.skip = "scripting off"
		case !ok:
			continue
		}
		if tc.skip == "" {
			tc.want, tc.skip = bodyOf(strings.TrimRight(doc, "\n"))
		}
		cases = append(cases, tc)
	}
	return cases
}

// bodyOf returns the dump of the body's descendants in the expected tree
// doc, without attributes and with SVG names lower-cased, or a reason it
// is not a body the builder models.
func bodyOf(doc string) (body, skip string) {
	var entries []string
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "| ") {
			entries = append(entries, line[2:])
		} else if len(entries) > 0 {
			entries[len(entries)-1] += "\n" + line
		}
	}
	var b strings.Builder
	inBody := false
	for _, e := range entries {
		content := strings.TrimLeft(e, " ")
		depth := (len(e) - len(content)) / 2
		switch {
		case depth == 0 && content != "<html>":
			return "", "a doctype or comment outside the html element"
		case depth == 1 && content == "<head>", depth == 0:
			continue
		case depth == 1 && content == "<body>":
			inBody = true
			continue
		case depth == 1:
			return "", "document-level head, body or frameset"
		case !inBody:
			return "", "document-level head, body or frameset"
		}
		element := strings.HasPrefix(content, "<") && strings.HasSuffix(content, ">")
		if !element && !strings.HasPrefix(content, `"`) && content != "content" {
			continue // an attribute
		}
		if strings.HasPrefix(content, "<svg ") {
			content = strings.ToLower(content)
		}
		b.WriteString(strings.Repeat("  ", depth-2) + content + "\n")
	}
	if !inBody {
		return "", "document-level head, body or frameset"
	}
	return b.String(), ""
}

// TestHTML5Lib runs the html5lib tree-construction tests through the
// builder.
func TestHTML5Lib(t *testing.T) {
	dir := html5libDir(t)
	files, err := filepath.Glob(filepath.Join(dir, "*.dat"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no .dat files in %s: %v", dir, err)
	}
	reasons := map[string]int{}
	agreed, disagreed := 0, 0
	var d treeDriver
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range readTreeCases(filepath.Base(file), string(text)) {
			skip := tc.skip
			var got string
			if skip == "" {
				got, skip = d.run(tc.data)
			}
			switch {
			case skip != "":
				reasons[skip]++
			case got == tc.want:
				agreed++
			default:
				disagreed++
				t.Errorf("%s: %q: tree mismatch\ngot:\n%s\nwant:\n%s", tc.file, tc.data, got, tc.want)
			}
		}
	}
	var names []string
	for r := range reasons {
		names = append(names, r)
	}
	sort.Slice(names, func(i, j int) bool { return reasons[names[i]] > reasons[names[j]] })
	for _, r := range names {
		t.Logf("skipped %4d: %s", reasons[r], r)
	}
	t.Logf("agreed %d, disagreed %d", agreed, disagreed)
	if agreed < html5libFloor {
		t.Errorf("%d documents agree, want at least %d", agreed, html5libFloor)
	}
}
