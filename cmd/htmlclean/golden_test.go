package main

import (
	"os"
	"strings"
	"testing"
)

// The sample a newcomer runs: testdata/examples/comment.html of the module.
const commentPath = "../../testdata/examples/comment.html"

// TestGolden runs the command over the work tree (testdata/work, plus the
// files setupWork generates) and compares stdout, stderr, the exit status
// and every file written with testdata/golden/NAME.txt. Rewrite the golden
// files with "go test ./cmd/htmlclean -update" and read the diff: each one
// is a claim about the command's behaviour.
func TestGolden(t *testing.T) {
	comment, err := os.ReadFile(commentPath)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		stdin string
		args  []string
	}{
		// Help, version-like flags and policies.
		{name: "help", args: []string{"-h"}},
		{name: "help-long", args: []string{"-help"}},
		{name: "url-help-long", args: []string{"url", "-help"}},
		{name: "list-presets", args: []string{"-list-presets"}},
		{name: "print-policy-strict", args: []string{"-print-policy", "-preset", "strict"}},
		{name: "print-policy-file", args: []string{"-print-policy", "-policy", "policy/narrow.yaml"}},
		{name: "print-policy-sanitizer-config", args: []string{"-print-policy", "-format", "sanitizer-config", "-preset", "basic"}},
		{name: "print-policy-sanitizer-config-file", args: []string{"-print-policy", "-format", "sanitizer-config", "-sanitizer-config", "policy/sanitizer.json"}},
		{name: "sanitizer-config", args: []string{"-sanitizer-config", "policy/sanitizer.json"},
			stdin: "<p title=t>a <b onclick=x()>b</b> <i>i</i> <a href=\"javascript:alert(1)\" onclick=\"x()\">l</a> <a href=\"https://example.com/\">e</a><!-- c --><script>alert(1)</script></p>\n"},

		// Usage and policy errors: exit 2, nothing written.
		{name: "usage-unknown-flag", args: []string{"-frobnicate", "site"}},
		{name: "usage-unknown-preset", args: []string{"-preset", "lenient", "site"}},
		{name: "usage-bad-policy", args: []string{"-policy", "policy/bad.yaml", "site"}},
		{name: "usage-missing-policy", args: []string{"-policy", "policy/nosuch.yaml", "site"}},
		{name: "usage-preset-and-policy", args: []string{"-preset", "basic", "-policy", "policy/narrow.yaml", "site"}},
		{name: "usage-w-and-o", args: []string{"-w", "-o", "out", "site"}},
		{name: "usage-w-stdin", args: []string{"-w"}},
		{name: "usage-check-and-w", args: []string{"-check", "-w", "site"}},
		{name: "usage-diff-and-o", args: []string{"-diff", "-o", "out", "site"}},
		{name: "usage-jobs", args: []string{"-j", "-1", "site"}},
		{name: "usage-report-stdout", args: []string{"-report", "-", "site"}},
		{name: "usage-o-file-for-dir", args: []string{"-o", "clean.html", "site"}},
		{name: "usage-o-collision", args: []string{"-o", "out/", "site/about.htm", "clean.html", "site/about.htm"}},
		{name: "usage-stdin-and-paths", args: []string{"-", "clean.html"}},
		{name: "usage-bad-sanitizer-config", args: []string{"-sanitizer-config", "policy/sanitizer-bad.json", "site"}},
		{name: "usage-sanitizer-config-both-lists", args: []string{"-sanitizer-config", "policy/sanitizer-both.json", "site"}},
		{name: "usage-sanitizer-config-unknown-member", args: []string{"-sanitizer-config", "policy/sanitizer-misspelt.json", "site"}},
		{name: "sanitizer-config-skip-unknown", args: []string{"-sanitizer-config", "policy/sanitizer-misspelt.json", "-sanitizer-skip-unknown"}, stdin: "<p>a <b>b</b></p>\n"},
		{name: "usage-skip-unknown-without-sanitizer-config", args: []string{"-sanitizer-skip-unknown", "site"}},
		{name: "sanitizer-context-refused", args: []string{"-sanitizer-config", "policy/sanitizer-misspelt.json", "-sanitizer-skip-unknown", "-sanitizer-context", "script"}, stdin: "<p>a</p>\n"},
		{name: "usage-context-without-sanitizer-config", args: []string{"-sanitizer-context", "p", "site"}},
		{name: "usage-sanitizer-config-and-preset", args: []string{"-sanitizer-config", "policy/sanitizer.json", "-preset", "basic", "site"}},
		{name: "usage-format-without-print-policy", args: []string{"-format", "sanitizer-config", "site"}},
		{name: "usage-print-policy-paths", args: []string{"-print-policy", "site"}},

		// Standard input and single files.
		{name: "stdin", stdin: string(comment)},
		{name: "stdin-dash-o", stdin: string(comment), args: []string{"-o", "comment.html", "-"}},
		{name: "stdin-binary", stdin: "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01", args: []string{"-"}},
		{name: "stdin-nul", stdin: "<p>a\x00b</p>\n<a href=\"/x\x00y\">t</a>\n"},
		{name: "stdin-utf16le-bom", stdin: "\xff\xfe<\x00p\x00>\x00h\x00i\x00"},
		{name: "stdin-utf16be-bom", stdin: "\xfe\xff\x00<\x00p\x00>\x00h\x00i"},
		{name: "stdin-utf16le", stdin: "<\x00p\x00>\x00h\x00i\x00<\x00/\x00p\x00>\x00\n\x00"},
		{name: "stdin-utf16be", stdin: "\x00<\x00p\x00>\x00h\x00i\x00<\x00/\x00p\x00>\x00\n"},
		{name: "stdin-utf32le-bom", stdin: "\xff\xfe\x00\x00<\x00\x00\x00"},
		{name: "file-named-url", args: []string{"--", "url"}},
		{name: "file-named-sm-w", args: []string{"-w", "--", "sm", "url"}},
		{name: "stdin-latin1", stdin: "<p>\n\xe9t\xe9</p>"},
		{name: "file", args: []string{"site/posts/2024/hello.html"}},
		{name: "file-preset-basic", args: []string{"-preset", "basic", "site/posts/2024/hello.html"}},
		{name: "file-policy", args: []string{"-policy", "policy/narrow.yaml", "site/posts/2024/hello.html"}},
		{name: "file-o", args: []string{"-o", "hello.clean.html", "site/posts/2024/hello.html"}},
		{name: "file-o-dir", args: []string{"-o", "policy", "clean.html"}},
		{name: "file-o-itself", args: []string{"-o", "site/index.html", "site/index.html"}},
		{name: "file-unchanged", args: []string{"clean.html"}},
		{name: "file-o-new-dir", args: []string{"-o", "new/", "clean.html"}},
		{name: "file-too-large", args: []string{"-policy", "policy/small.yaml", "-w", "site/index.html", "clean.html"}},
		{name: "stdin-too-large", stdin: strings.Repeat("<p>x</p>\n", 20), args: []string{"-policy", "policy/small.yaml"}},
		{name: "file-limit", args: []string{"-policy", "policy/shallow.yaml", "deep.html"}},
		{name: "file-limit-w", args: []string{"-w", "-policy", "policy/shallow.yaml", "deep.html", "site/about.htm"}},

		// Batches: a directory, several paths.
		{name: "dir-stdout", args: []string{"site"}},
		{name: "dir-o-mirror", args: []string{"-o", "out", "site"}},
		{name: "dir-o-inside", args: []string{"-o", "site/clean", "site"}},
		{name: "dir-o-several", args: []string{"-j", "1", "-o", "out/", "clean.html", "site/posts"}},
		{name: "dir-w", args: []string{"-w", "site", "clean.html"}},
		{name: "dir-w-twice", args: []string{"-w", "site/posts", "site/posts/2024/hello.html", "link.html"}},
		{name: "dir-j1", args: []string{"-j", "1", "site"}},
		{name: "bad-files", args: []string{"bad", "site/about.htm", "nosuch.html"}},
		{name: "bad-files-w", args: []string{"-w", "bad", "nosuch"}},

		// -check, -diff, -report.
		{name: "check", args: []string{"-check", "site", "clean.html"}},
		{name: "check-clean", args: []string{"-check", "clean.html", "site/about.htm"}},
		{name: "check-stdin", stdin: "<b>bold", args: []string{"-check"}},
		{name: "diff", args: []string{"-diff", "site/index.html", "site/posts/2024/hello.html", "clean.html"}},
		{name: "check-diff", args: []string{"-check", "-diff", "site/posts"}},
		{name: "report-file", args: []string{"-report", "report.jsonl", "-o", "out", "site"}},
		{name: "report-stdout-w", args: []string{"-report", "-", "-w", "site/posts/2024"}},
		{name: "report-stdout-check", args: []string{"-check", "-report", "-", "site/index.html", "clean.html"}},
		{name: "report-stdin", stdin: string(comment), args: []string{"-report", "report.jsonl"}},
		{name: "report-unwritable", args: []string{"-report", "nosuchdir/report.jsonl", "-o", "out", "site"}},

		// url.
		{name: "url-help", args: []string{"url", "-h"}},
		{name: "url-plain", args: []string{"url", "HTTP://Example.COM/a/../b?x=%41", "http://good.example@evil.example/", "javascript:alert(1)", "http://0x7f.1/", ""}},
		{name: "url-accepted", args: []string{"url", "https://example.com/", "/relative/./path", "mailto:a@example.com"}},
		{name: "url-json", args: []string{"url", "-json", "HTTP://Example.COM/a/../b?x=%41", "http://good.example@evil.example/", "javascript:alert(1)", "http://0x7f.1/", ""}},
		{name: "url-stdin", stdin: "https://EXAMPLE.com/%7e\r\nhttps://example.com/%C0%AE\n\nhttps:evil.example", args: []string{"url"}},
		{name: "url-strict", args: []string{"url", "-strict", "-json", "http://0x7f.1/", "https://example.com/ok"}},
		{name: "url-userinfo-strip", args: []string{"url", "-userinfo", "strip", "http://user:pw@example.com/"}},
		{name: "url-userinfo-keep", args: []string{"url", "-json", "-userinfo", "keep", "http://us%65r:p%20w@example.com/"}},
		{name: "url-nested", args: []string{"url", "-nested", "-json", "https://a.example/login?next=javascript:alert(1)", "https://a.example/login?next=https://b.example/"}},
		{name: "url-nested-strict", args: []string{"url", "-nested", "-strict", "-json", "https://a.example/?next=https://b.example/%2e%2e/x", "https://a.example/?next=https://good.example@evil.example/"}},
		{name: "url-bad-userinfo", args: []string{"url", "-userinfo", "maybe", "http://x/"}},
		{name: "url-bad-flag", args: []string{"url", "-sort", "http://x/"}},

		// sm.
		{name: "sm-help", args: []string{"sm", "-h"}},
		{name: "sm-encode-help", args: []string{"sm", "encode", "-h"}},
		{name: "sm-decode-help", args: []string{"sm", "decode", "-h"}},
		{name: "sm-none", args: []string{"sm"}},
		{name: "sm-unknown", args: []string{"sm", "rot13", "x"}},
		{name: "sm-encode", args: []string{"sm", "encode", "http://h/a?b=1&c=2", "http://h/plain"}},
		{name: "sm-encode-legacy-always", args: []string{"sm", "encode", "-legacy", "-always", "http://h/plain", "http://h/a$b"}},
		{name: "sm-encode-stdin", stdin: "http://h/a b\nhttp://h/a-b\n", args: []string{"sm", "encode"}},
		{name: "sm-decode", args: []string{"sm", "decode", "-SM-http%3a%2f%2fh%2fa-%20b", "-SM-abc-", "$SM$a%4", "not encoded"}},
		{name: "sm-decode-stdin", stdin: "-SM-a-xb\n$SM$a$%41b\n", args: []string{"sm", "decode"}},
		{name: "sm-decode-bad-flag", args: []string{"sm", "decode", "-legacy", "x"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runGolden(t, tc.name, tc.stdin, tc.args...)
		})
	}
}
