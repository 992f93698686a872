package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// shortWriter takes n bytes, then writes less than it is given and
// reports no error: output lost without a word.
type shortWriter struct {
	n   int
	buf bytes.Buffer
}

func (s *shortWriter) Write(b []byte) (int, error) {
	n := min(len(b), s.n)
	s.n -= n
	s.buf.Write(b[:n])
	if n < len(b) && n > 0 {
		n-- // a short write that says it wrote some
	}
	return n, nil
}

// TestShortWriteFails: on every path that writes to standard output
// (stdin to stdout, a file, several files, -diff, -report -, the url and
// sm subcommands, -print-policy, -list-presets, -version), a standard output that writes less than
// it is given without an error fails the run instead of exiting 0 with
// output lost.
func TestShortWriteFails(t *testing.T) {
	dir := t.TempDir()
	doc := strings.Repeat(`<p>a <a href="HTTP://Example.COM/x">link</a><script>x()</script></p>`+"\n", 200)
	for _, name := range []string{"a.html", "b.html"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, b := filepath.Join(dir, "a.html"), filepath.Join(dir, "b.html")
	for _, c := range []struct {
		name string
		args []string
	}{
		{"stdin", nil},
		{"a file", []string{a}},
		{"files", []string{a, b}},
		{"diff", []string{"-diff", a, b}},
		{"report", []string{"-check", "-report", "-", a, b}},
		{"url", []string{"url", "HTTP://Example.COM/a", "HTTP://Example.COM/b"}},
		{"sm", []string{"sm", "encode", "http://server.example/resource?a=b"}},
		{"print-policy", []string{"-print-policy"}},
		{"list-presets", []string{"-list-presets"}},
		{"version", []string{"-version"}},
	} {
		var full, errs bytes.Buffer
		if code := run(c.args, strings.NewReader(doc), &full, &errs); full.Len() < 2 {
			t.Fatalf("%s: %d bytes of output, exit %d: %s", c.name, full.Len(), code, errs.String())
		}
		for _, cut := range []int{0, full.Len() / 2, full.Len() - 1} {
			var stderr bytes.Buffer
			stdout := &shortWriter{n: cut}
			code := run(c.args, strings.NewReader(doc), stdout, &stderr)
			if code == 0 {
				t.Errorf("%s, cut at %d: exit 0 with %d bytes written", c.name, cut, stdout.buf.Len())
			}
		}
	}
}
