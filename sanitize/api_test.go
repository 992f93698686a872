package sanitize

import (
	"bytes"
	"errors"
	"html/template"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// TestBytesAndHTML: Bytes and HTML give what String gives, Bytes in fresh
// memory with its input untouched, and on error nothing at all.
func TestBytesAndHTML(t *testing.T) {
	ugc := policy.UGC()
	tests := []struct{ name, in string }{
		{"empty", ""},
		{"clean", `<p>Hi <b>there</b></p>`},
		{"script", `<p onclick="x()">a<script>alert(1)</script></p>`},
		{"userinfo", `<a href="http://bank.example@evil.example/">x</a>`},
		{"invalid-utf8", "a\xffb<b>c"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want, err := String(tc.in, ugc)
			if err != nil {
				t.Fatal(err)
			}
			in := []byte(tc.in)
			got, err := Bytes(in, ugc)
			if err != nil || string(got) != want {
				t.Errorf("Bytes(%q) = %q, %v; want %q", tc.in, got, err, want)
			}
			if string(in) != tc.in {
				t.Errorf("Bytes changed its input to %q", in)
			}
			if got == nil {
				t.Error("Bytes returned nil with no error")
			}
			h, err := HTML(tc.in, ugc)
			if err != nil || h != template.HTML(want) {
				t.Errorf("HTML(%q) = %q, %v; want %q", tc.in, h, err, want)
			}
		})
	}
	// A result written into the input's spare capacity would alias it.
	in := make([]byte, 0, 64)
	in = append(in, "<b>x</b>"...)
	got, _ := Bytes(in, ugc)
	got = append(got[:0], "changed!"...)
	if string(in) != "<b>x</b>" || !bytes.Equal(got, []byte("changed!")) {
		t.Errorf("Bytes shares memory with its input: %q", in)
	}
}

// TestBytesAndHTMLErrors: over a limit, or with no policy, Bytes and HTML
// return no output, never the raw input.
func TestBytesAndHTMLErrors(t *testing.T) {
	small, err := policy.Load(strings.NewReader("extends: ugc\nlimits:\n  max_depth: 2\n"), "small.yaml")
	if err != nil {
		t.Fatal(err)
	}
	deep := strings.Repeat("<div>", 5) + "<script>alert(1)</script>"
	for _, p := range []*policy.Policy{small, nil} {
		got, err := Bytes([]byte(deep), p)
		if err == nil || got != nil {
			t.Errorf("Bytes(deep) = %q, %v; want nil and an error", got, err)
		}
		h, err := HTML(deep, p)
		if err == nil || h != "" {
			t.Errorf("HTML(deep) = %q, %v; want \"\" and an error", h, err)
		}
	}
	var le *LimitError
	if _, err := Bytes([]byte(deep), small); !errors.As(err, &le) || le.Limit != "max_depth" {
		t.Errorf("Bytes(deep) error %v, want a max_depth *LimitError", err)
	}
}
