package sanitize

import (
	"slices"
	"strings"
	"testing"
)

// TestMailStyleURLQuoted: a style attribute's url() is kept, blocked or
// proxied alike whether its URL is bare or quoted either way; MJML writes
// url('…') for its hero and section backgrounds.
func TestMailStyleURLQuoted(t *testing.T) {
	tests := []struct {
		name, style string
	}{
		{"bare", `background:#2a3448 url(https://img.example/h.jpg) no-repeat center center / cover`},
		{"double-quoted", `background:#2a3448 url("https://img.example/h.jpg") no-repeat center center / cover`},
		{"single-quoted", `background:#2a3448 url('https://img.example/h.jpg') no-repeat center center / cover`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := `<table><tr><td style="` + strings.ReplaceAll(tc.style, `"`, "&quot;") + `">x</td></tr></table>`
			for remote, want := range map[string]string{
				"allow": "img.example/h.jpg",
				"proxy": "https://proxy.example/i?u=https%3A%2F%2Fimg.example%2Fh.jpg",
			} {
				got, err := String(in, mailPolicy(t, remote))
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(got, want) || !strings.Contains(got, "#2a3448") {
					t.Errorf("remote_content: %s: String(%q) = %q, want the background with %s", remote, in, got, want)
				}
			}
			got, err := String(in, mailPolicy(t, "block"))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(got, "img.example") {
				t.Errorf("remote_content: block: String(%q) = %q, want the URL gone", in, got)
			}
		})
	}
}

// TestMailSheetRefusedURLKeepsRest: a url() refused in a <style> sheet
// (a script URL, a remote one under remote_content: block) removes its
// declaration with a report line; the rest of the rule and of the sheet
// stay.
func TestMailSheetRefusedURLKeepsRest(t *testing.T) {
	for _, u := range []string{`url(javascript:alert(1))`, `url("javascript:alert(1)")`, `url(https://img.example/a.png)`} {
		in := `<style>.a{color:red}.b{background:` + u + `;color:blue}.c{color:green}</style><p class=a>x`
		got, changes, err := stringReport(in, mailPolicy(t, "block"))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{".a{color:red}", ".b{color:blue}", ".c{color:green}"} {
			if !strings.Contains(got, want) {
				t.Errorf("stringReport(%q) = %q, want %s kept", in, got, want)
			}
		}
		if !slices.ContainsFunc(changes, func(c Change) bool {
			return c.Element == "style" && c.Action == RemovedContent && strings.HasPrefix(c.Before, "background")
		}) {
			t.Errorf("stringReport(%q): no report line for the background declaration (%v)", in, changes)
		}
	}
}
