package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestUnifiedDiff(t *testing.T) {
	tests := []struct {
		name, old, new, want string
	}{
		{name: "equal", old: "a\nb\n", new: "a\nb\n", want: ""},
		{name: "both-empty", old: "", new: "", want: ""},
		{
			name: "one-line", old: "a\nb\nc\n", new: "a\nB\nc\n",
			want: "--- old\n+++ new\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n",
		},
		{
			name: "from-empty", old: "", new: "x\ny\n",
			want: "--- old\n+++ new\n@@ -0,0 +1,2 @@\n+x\n+y\n",
		},
		{
			name: "to-empty", old: "x\n", new: "",
			want: "--- old\n+++ new\n@@ -1 +0,0 @@\n-x\n",
		},
		{
			name: "no-newline-at-end", old: "a\nb", new: "a\nb\n",
			want: "--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n",
		},
		{
			// Changes more than six lines apart make two hunks, with
			// three lines of context each.
			name: "two-hunks",
			old:  "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n",
			new:  "1\nTWO\n3\n4\n5\n6\n7\n8\n9\n10\nELEVEN\n12\n",
			want: "--- old\n+++ new\n@@ -1,5 +1,5 @@\n 1\n-2\n+TWO\n 3\n 4\n 5\n@@ -8,5 +8,5 @@\n 8\n 9\n 10\n-11\n+ELEVEN\n 12\n",
		},
		{
			// Six unchanged lines between changes: one hunk.
			name: "merged-hunks",
			old:  "1\n2\n3\n4\n5\n6\n7\n8\n",
			new:  "ONE\n2\n3\n4\n5\n6\n7\nEIGHT\n",
			want: "--- old\n+++ new\n@@ -1,8 +1,8 @@\n-1\n+ONE\n 2\n 3\n 4\n 5\n 6\n 7\n-8\n+EIGHT\n",
		},
		{
			name: "insert-middle", old: "a\nb\nc\nd\ne\nf\ng\nh\n", new: "a\nb\nc\nd\nX\ne\nf\ng\nh\n",
			want: "--- old\n+++ new\n@@ -2,6 +2,7 @@\n b\n c\n d\n+X\n e\n f\n g\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := string(unifiedDiff("old", "new", []byte(tc.old), []byte(tc.new)))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("unifiedDiff(%q, %q) mismatch (-want +got):\n%s", tc.old, tc.new, diff)
			}
		})
	}
}

// TestDiffProperties checks, over random texts, that applying the diff to
// the old text gives the new one, and that the number of changed lines is
// minimal: old and new lines minus twice the longest common subsequence,
// computed here by the textbook dynamic programme.
func TestDiffProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 500 {
		old := randomText(rng, rng.IntN(30))
		if i%2 == 1 {
			old = wideText(rng, rng.IntN(30))
		}
		new := mutate(rng, old)
		d := string(unifiedDiff("old", "new", []byte(old), []byte(new)))
		got, err := applyDiff(old, d)
		if err != nil || got != new {
			t.Fatalf("case %d: applying the diff failed (%v)\nold %q\nnew %q\ngot %q\ndiff:\n%s", i, err, old, new, got, d)
		}
		a, b := splitLines([]byte(old)), splitLines([]byte(new))
		edits := diffLines(a, b)
		if err := checkScript(edits, a, b); err != nil {
			t.Fatalf("case %d: %v\nold %q\nnew %q", i, err, old, new)
		}
		if changed, want := changedLines(edits), len(a)+len(b)-2*lcsLength(a, b); changed != want {
			t.Fatalf("case %d: %d lines changed, the minimum is %d\nold %q\nnew %q", i, changed, want, old, new)
		}
	}
}

// TestDiffManyEdits checks a diff with thousands of separate edits: past
// 1,000 changed lines the hand-written diff once gave up and showed one hunk from the first
// change to the last (61,000 lines on a full page). Changes 10 lines apart
// are separate hunks however many there are.
func TestDiffManyEdits(t *testing.T) {
	const n = 5000
	var old, new strings.Builder
	for i := range n {
		fmt.Fprintf(&old, "line %d\n", i)
		if i%10 == 5 {
			fmt.Fprintf(&new, "changed %d\n", i)
		} else {
			fmt.Fprintf(&new, "line %d\n", i)
		}
	}
	d := string(unifiedDiff("old", "new", []byte(old.String()), []byte(new.String())))
	got, err := applyDiff(old.String(), d)
	if err != nil || got != new.String() {
		t.Fatalf("applying the diff failed: %v", err)
	}
	if got, want := strings.Count(d, "\n@@ "), n/10; got != want {
		t.Errorf("%d hunks, want %d", got, want)
	}
}

// TestDiffLineLimit checks the fallback past the number of distinct lines
// the search can tell apart: still a correct diff, the middle replaced as
// a block; and, under the limit, the same minimal script as without one.
func TestDiffLineLimit(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 200 {
		a := splitLines([]byte(randomText(rng, 1+rng.IntN(20))))
		b := splitLines([]byte(mutate(rng, strings.Join(a, ""))))
		for _, limit := range []int{0, 1, 2, 7, maxLineIDs} {
			edits := appendMiddle(nil, a, b, 0, 0, limit)
			if err := checkScript(edits, a, b); err != nil {
				t.Fatalf("case %d, limit %d: %v\na %q\nb %q", i, limit, err, a, b)
			}
			if limit >= 7 { // randomText and mutate write seven distinct lines
				if got, want := changedLines(edits), len(a)+len(b)-2*lcsLength(a, b); got != want {
					t.Fatalf("case %d, limit %d: %d lines changed, want %d", i, limit, got, want)
				}
			}
		}
	}
}

// TestLineRune checks that every line id is a distinct valid rune, the
// condition for diffmatchpatch's strings to keep lines apart.
func TestLineRune(t *testing.T) {
	prev := rune(-1)
	for _, n := range []int{0, 1, 0xD7FF, 0xD800, 0xD801, 0xFFFF, maxLineIDs - 1} {
		r := lineRune(n)
		if !utf8.ValidRune(r) || r <= prev {
			t.Errorf("lineRune(%d) = %U: not a valid rune above %U", n, r, prev)
		}
		if s := string(r); utf8.RuneCountInString(s) != 1 || []rune(s)[0] != r {
			t.Errorf("lineRune(%d) = %U does not survive a string", n, r)
		}
		prev = r
	}
	if r := lineRune(maxLineIDs - 1); r != utf8.MaxRune {
		t.Errorf("lineRune(maxLineIDs-1) = %U, want %U", r, utf8.MaxRune)
	}
}

// checkScript checks that edits is a script from a to b: every line of
// each side once, in order, kept lines equal, and each edit's other index
// at the current position of the other side.
func checkScript(edits []edit, a, b []string) error {
	x, y := 0, 0
	for k, e := range edits {
		if e.a != x || e.b != y {
			return fmt.Errorf("edit %d %c at (%d,%d), want (%d,%d)", k, e.kind, e.a, e.b, x, y)
		}
		switch e.kind {
		case ' ':
			if x >= len(a) || y >= len(b) || a[x] != b[y] {
				return fmt.Errorf("edit %d keeps unequal lines", k)
			}
			x, y = x+1, y+1
		case '-':
			x++
		case '+':
			y++
		}
	}
	if x != len(a) || y != len(b) {
		return fmt.Errorf("script ends at (%d,%d), want (%d,%d)", x, y, len(a), len(b))
	}
	return nil
}

func changedLines(edits []edit) int {
	n := 0
	for _, e := range edits {
		if e.kind != ' ' {
			n++
		}
	}
	return n
}

func randomText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(strconv.Itoa(rng.IntN(6)) + "\n")
	}
	if n > 0 && rng.IntN(4) == 0 {
		return strings.TrimSuffix(b.String(), "\n")
	}
	return b.String()
}

// wideText is randomText over 40 distinct lines, so that many lines have
// no partner on the other side and the search leaves them out.
func wideText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString("w" + strconv.Itoa(rng.IntN(40)) + "\n")
	}
	return b.String()
}

func mutate(rng *rand.Rand, s string) string {
	lines := strings.SplitAfter(s, "\n")
	var out []string
	for _, l := range lines {
		switch rng.IntN(6) {
		case 0: // drop
		case 1:
			out = append(out, "new\n", l)
		case 2:
			out = append(out, strconv.Itoa(rng.IntN(6))+"\n")
		default:
			out = append(out, l)
		}
	}
	return strings.Join(out, "")
}

// lcsLength is the length of the longest common subsequence of a and b.
func lcsLength(a, b []string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			switch {
			case a[i] == b[j]:
				cur[j+1] = prev[j] + 1
			default:
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// applyDiff applies a unified diff to old, checking every context and
// deleted line, as patch would.
func applyDiff(old, diff string) (string, error) {
	if diff == "" {
		return old, nil
	}
	src := strings.SplitAfter(old, "\n")
	if src[len(src)-1] == "" {
		src = src[:len(src)-1]
	}
	lines := strings.SplitAfter(diff, "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "--- ") || !strings.HasPrefix(lines[1], "+++ ") {
		return "", fmt.Errorf("no headers")
	}
	var out []string
	pos := 0
	for i := 2; i < len(lines) && lines[i] != ""; {
		var aStart, aLen, bStart, bLen int
		if _, err := fmt.Sscanf(hunkHeader(lines[i]), "@@ -%d,%d +%d,%d @@", &aStart, &aLen, &bStart, &bLen); err != nil {
			return "", fmt.Errorf("hunk header %q: %v", lines[i], err)
		}
		if aLen > 0 {
			aStart--
		}
		out = append(out, src[pos:aStart]...)
		pos = aStart
		for i++; i < len(lines) && lines[i] != "" && !strings.HasPrefix(lines[i], "@@"); i++ {
			l := lines[i]
			noNL := i+1 < len(lines) && strings.HasPrefix(lines[i+1], `\ No newline`)
			text := l[1:]
			if noNL {
				text = strings.TrimSuffix(text, "\n")
				i++
			}
			switch l[0] {
			case ' ', '-':
				if pos >= len(src) || src[pos] != text {
					return "", fmt.Errorf("line %d: %q does not match %q", pos+1, text, src[min(pos, len(src)-1)])
				}
				if l[0] == ' ' {
					out = append(out, text)
				}
				pos++
			case '+':
				out = append(out, text)
			default:
				return "", fmt.Errorf("bad line %q", l)
			}
		}
	}
	out = append(out, src[pos:]...)
	return strings.Join(out, ""), nil
}

// hunkHeader rewrites the short forms "-3" and "+3" of a header as "-3,1".
func hunkHeader(h string) string {
	f := strings.Fields(h)
	for i := 1; i <= 2 && i < len(f); i++ {
		if !strings.Contains(f[i], ",") {
			f[i] += ",1"
		}
	}
	return strings.Join(f, " ")
}
