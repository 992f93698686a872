package main

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
)

// benchPages is the full-page part of the benchmark corpus: large
// documents whose sanitised form differs from the input in many places.
const benchPages = "../../testdata/corpus/bench/pages"

// TestDiffHunksMatchDiffU sanitises each bench page under the ugc preset
// and compares our -diff with diff(1)'s "diff -u" of the same two texts:
// the hunk counts agree within 10%, our diff changes no more lines than
// diff(1) does (ours is minimal; GNU diff may trade that for speed), and
// applying ours to the input gives the output. Whatever the sanitiser
// writes, this compares two diff tools on the same pair of texts.
func TestDiffHunksMatchDiffU(t *testing.T) {
	diffU, err := exec.LookPath("diff")
	if err != nil {
		t.Skip("diff(1) is not installed")
	}
	pages, err := filepath.Glob(filepath.Join(benchPages, "*.html"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no bench pages under %s (%v)", benchPages, err)
	}
	for _, page := range pages {
		t.Run(filepath.Base(page), func(t *testing.T) {
			in, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), "out.html")
			if code, _, stderr := runCmd(t, "-preset", "ugc", "-o", out, page); code != 0 {
				t.Fatalf("-o: exit %d: %s", code, stderr)
			}
			code, ours, stderr := runCmd(t, "-preset", "ugc", "-diff", page)
			if code != 0 {
				t.Fatalf("-diff: exit %d: %s", code, stderr)
			}
			theirs, err := exec.Command(diffU, "-u", page, out).Output()
			var exit *exec.ExitError
			if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
				t.Fatalf("diff -u: %v", err)
			}
			hOurs, hTheirs := countPrefix(ours, "@@ "), countPrefix(string(theirs), "@@ ")
			t.Logf("hunks: ours %d, diff -u %d", hOurs, hTheirs)
			if math.Abs(float64(hOurs-hTheirs)) > 0.1*float64(hTheirs) {
				t.Errorf("%d hunks, diff -u gives %d: more than 10%% apart", hOurs, hTheirs)
			}
			if cOurs, cTheirs := changedIn(ours), changedIn(string(theirs)); cOurs > cTheirs {
				t.Errorf("%d lines changed, diff -u changes %d", cOurs, cTheirs)
			}
			want, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := applyDiff(string(in), ours); err != nil || got != string(want) {
				t.Errorf("applying -diff to the input does not give the output (%v)", err)
			}
		})
	}
}

// runCmd runs the command line with no standard input.
func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(args, strings.NewReader(""), &o, &e)
	return code, o.String(), e.String()
}

// countPrefix counts the lines of s that start with prefix.
func countPrefix(s, prefix string) int {
	n := 0
	for l := range strings.Lines(s) {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// changedIn counts the deleted and inserted lines of a unified diff,
// headers aside.
func changedIn(d string) int {
	return countPrefix(d, "-") + countPrefix(d, "+") - countPrefix(d, "--- ") - countPrefix(d, "+++ ")
}

// TestDiffGrowth checks that the diff's cost is linear in the number of
// lines for a fixed number of edits, whether the changed lines are new
// (as most of a sanitiser's are: the search leaves them out) or shared
// lines moved about (which the search must align), and linear in the
// number of such edits for a fixed number of lines: Myers' bound is
// O((N+M)·D).
func TestDiffGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	tests := []struct {
		name string
		n    int
		gen  func(n int) string
	}{
		// n lines, every tenth rewritten.
		{"lines-rewritten", 2000, func(n int) string { return diffPair(n, n/10, false) }},
		// n lines, 8 pairs of shared lines swapped.
		{"lines-moved", 2000, func(n int) string { return diffPair(n, 8, true) }},
		// 16,000 lines, n pairs of shared lines swapped: from 128 on, the
		// search is a good part of the cost.
		{"moves", 128, func(n int) string { return diffPair(16000, n, true) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			growth.Check(t, tc.n, tc.gen, func(pair string) {
				old, new, _ := strings.Cut(pair, "\x00")
				_ = unifiedDiff("old", "new", []byte(old), []byte(new))
			})
		})
	}
}

// diffPair returns an old text of n distinct lines and the new one, NUL
// between them. The new text has k evenly spaced edits: two adjacent
// lines swapped if swap, else one line rewritten.
func diffPair(n, k int, swap bool) string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = fmt.Sprintf("<p>line %d of the page</p>\n", i)
	}
	old := strings.Join(lines, "")
	step := n / max(k, 1)
	for e := range k {
		i := e * step
		if swap {
			lines[i], lines[i+1] = lines[i+1], lines[i]
		} else {
			lines[i] = fmt.Sprintf("<p>line %d, rewritten</p>\n", i)
		}
	}
	return old + "\x00" + strings.Join(lines, "")
}
