package policy

import (
	"strings"
	"testing"
)

// TestStringMarksWeaker: the printed policy marks each setting written
// weaker than the default a policy gets by leaving it out, on that
// setting's line, and marks nothing in a policy that writes none.
func TestStringMarksWeaker(t *testing.T) {
	base := "elements: [a, p]\nattributes: [{name: href, on: [a]}]\n"
	for _, tc := range []struct{ file, line string }{
		{"urls: {schemes: [http], flags: {confusable: report}}", "confusable: report"},
		{"urls: {schemes: [http], flags: {spoof-char: ignore}}", "spoof-char: ignore"},
		{"urls: {schemes: [http], flags: {ip-host: ignore}}", "ip-host: ignore"},
		{"urls: {schemes: [http], userinfo: keep}", "userinfo: keep"},
		{"urls: {schemes: [http], userinfo: strip}", "userinfo: strip"},
		{"urls: {schemes: [http], nested: false}", "nested: false"},
		{"urls: {schemes: [http], relative: allow}", "relative: allow"},
		{"urls: {schemes: ['*']}", "schemes: ['*']"},
		{"comments: true", "comments: true"},
		{"links: {text_mismatch: report}", "text_mismatch: report"},
		{"links: {text_mismatch: ignore}", "text_mismatch: ignore"},
		{"limits: {max_depth: 1000}", "max_depth: 1000"},
		{"limits: {max_input_bytes: -1}", "max_input_bytes: -1"},
	} {
		p, err := Load(strings.NewReader(base+tc.file+"\n"), "weak.yaml")
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		printed := p.String()
		found := false
		for l := range strings.Lines(printed) {
			if strings.Contains(l, tc.line+" # "+weakerMark+": ") {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no %q marked %s in\n%s", tc.file, tc.line, weakerMark, printed)
		}
		if n := strings.Count(printed, weakerMark); n != 1 {
			t.Errorf("%s: %d marks, want 1:\n%s", tc.file, n, printed)
		}
	}
	// A policy that writes nothing weaker, and a stricter choice, are
	// not marked.
	for _, file := range []string{
		base + "urls: {schemes: [http, https]}\n",
		base + "urls: {schemes: [https], flags: {ip-host: reject}, nested: true, relative: deny}\nlinks: {text_mismatch: mark}\nlimits: {max_depth: 100}\n",
		"extends: strict\n",
		"extends: mail\n",
	} {
		p, err := Load(strings.NewReader(file), "safe.yaml")
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if s := p.String(); strings.Contains(s, weakerMark) {
			t.Errorf("%s: marked weaker:\n%s", file, s)
		}
	}
	// mail with remote content allowed again.
	p, err := Load(strings.NewReader("extends: mail\nremote_content: allow\n"), "mail.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.String(), "remote_content: allow # "+weakerMark) {
		t.Errorf("remote_content: allow under wrap not marked:\n%s", p)
	}
}
