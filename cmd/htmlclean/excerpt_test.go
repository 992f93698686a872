package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
)

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("a", 59) + "é" + strings.Repeat("b", 100) // é straddles byte 60
	tests := []struct {
		name, in, want, wantQuoted string
	}{
		{"short", "javascript:alert(1)", "javascript:alert(1)", `"javascript:alert(1)"`},
		{"c1 control", "a\u0085b", `a\u0085b`, `"a\u0085b"`},
		{"escapes count", strings.Repeat("\x01", 20), strings.Repeat(`\x01`, 15) + "…(20 bytes)", `"` + strings.Repeat(`\x01`, 15) + `"…(20 bytes)`},
		{"controls", "a\tb\x1b[31m\x85\xff", `a\tb\x1b[31m\x85\xff`, `"a\tb\x1b[31m\x85\xff"`},
		{"rune boundary", long, strings.Repeat("a", 59) + "…(161 bytes)", `"` + strings.Repeat("a", 59) + `"…(161 bytes)`},
		{"exact", strings.Repeat("x", 60), strings.Repeat("x", 60), `"` + strings.Repeat("x", 60) + `"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := excerpt(tc.in); got != tc.want {
				t.Errorf("excerpt(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if got := quoted(tc.in); got != tc.wantQuoted {
				t.Errorf("quoted(%q) = %q, want %q", tc.in, got, tc.wantQuoted)
			}
		})
	}
}

// maxDiagnostic is the longest diagnostic line a megabyte value may
// cause: a file name and clipBytes of another package's message, with
// room to spare.
const maxDiagnostic = clipBytes + 300

// TestDiagnosticsBounded feeds a megabyte value through every path that
// puts a value in a diagnostic: every stderr line stays short, and each
// invocation does say something.
func TestDiagnosticsBounded(t *testing.T) {
	huge := strings.Repeat("\x01é<", 1<<20/4)
	dir := setupWork(t)
	writeFile(t, filepath.Join(dir, "key.yaml"), "extends: ugc\n"+strings.Repeat("k", 900<<10)+": 1\n")
	writeFile(t, filepath.Join(dir, "value.yaml"), "extends: ugc\nurls:\n  schemes: [\""+strings.Repeat("j", 900<<10)+"\"]\n")
	writeFile(t, filepath.Join(dir, "member.json"), `{"`+strings.Repeat("m", 900<<10)+`": true}`)
	writeFile(t, filepath.Join(dir, "element.json"), `{"elements": [{"name": "x", "namespace": "`+strings.Repeat("n", 900<<10)+`"}]}`)
	writeFile(t, filepath.Join(dir, "big.html"), "<p title=\""+huge+"\">x</p><"+huge)
	tests := []struct {
		name string
		args []string
	}{
		{"sm decode", []string{"sm", "decode", "-SM-%zz" + huge}},
		{"sm subcommand", []string{"sm", huge}},
		{"preset", []string{"-preset", huge, "site"}},
		{"format", []string{"-print-policy", "-format", huge}},
		{"flag value", []string{"-j", huge}},
		{"unknown flag", []string{"-" + huge}},
		{"url flag value", []string{"url", "-userinfo", huge, "https://example.com/"}},
		{"policy key", []string{"-policy", "key.yaml", "site"}},
		{"policy value", []string{"-policy", "value.yaml", "site"}},
		{"sanitizer-config member", []string{"-sanitizer-config", "member.json", "site"}},
		{"sanitizer-config value", []string{"-sanitizer-config", "element.json", "site"}},
		{"document", []string{"-check", "big.html", filepath.Join("site", "index.html")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			run(tc.args, strings.NewReader(""), &stdout, &stderr)
			if stderr.Len() == 0 {
				t.Fatal("no diagnostic")
			}
			for line := range strings.SplitSeq(strings.TrimSuffix(stderr.String(), "\n"), "\n") {
				if len(line) > maxDiagnostic {
					t.Errorf("a diagnostic line of %d bytes (want at most %d): %.120q…", len(line), maxDiagnostic, line)
				}
			}
		})
	}
}

// TestExcerptGrowth checks that bounding a value costs the same however
// long the value is.
func TestExcerptGrowth(t *testing.T) {
	gen := func(n int) string { return strings.Repeat("\x01é", n) }
	growth.Check(t, 1<<16, gen, func(s string) { quoted(s); clip(s) })
}
