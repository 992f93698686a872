package policy

import (
	"errors"
	"strings"
	"testing"
)

// errorTexts returns the text of every error joined in err.
func errorTexts(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	var out []string
	for _, e := range unjoin(err) {
		out = append(out, e.Error())
		var ce *ConfigError
		if errors.As(e, &ce) && len(ce.Field) > 1024 {
			t.Errorf("Field is %d bytes", len(ce.Field))
		}
	}
	return out
}

// TestErrorsQuoteShortExcerpts feeds a 1 MB value through each error path
// that quotes a user's value and checks every error stays short, marked
// with the value's length.
func TestErrorsQuoteShortExcerpts(t *testing.T) {
	yamlCases := map[string]string{
		"unknown key":    "extends: strict\n" + strings.Repeat("k", 5000) + ": 1\n",
		"unknown field":  "extends: strict\nurls:\n  " + strings.Repeat("u", 1000) + ": 1\n",
		"unknown preset": "extends: " + strings.Repeat("p", 1<<19) + "\n",
		"bare_elements":  "extends: strict\nbare_elements: " + strings.Repeat("q", 1<<19) + "\n",
		"scheme":         "extends: strict\nurls:\n  schemes: [\"" + strings.Repeat("h", 1<<19) + "\"]\n",
		"element":        "extends: strict\nelements: [\"" + strings.Repeat("E", 1<<19) + "\"]\n",
		"rel":            "extends: strict\nlinks:\n  rel: [\"" + strings.Repeat("r", 1<<19) + "\"]\n",
		"host":           "extends: strict\nlinks:\n  internal_hosts: [\"" + strings.Repeat("-", 1<<19) + "\"]\n",
		"regexp":         "extends: ugc\nattributes:\n  - name: title\n    match: \"" + strings.Repeat("(", 1<<19) + "\"\n",
	}
	for name, src := range yamlCases {
		t.Run(name, func(t *testing.T) {
			_, err := Load(strings.NewReader(src), "p.yaml")
			for _, msg := range errorTexts(t, err) {
				if len(msg) >= 1024 {
					t.Errorf("error is %d bytes: %.200s", len(msg), msg)
				}
				if !strings.Contains(msg, "bytes)") && !strings.Contains(msg, "... and") {
					t.Errorf("error does not mark the cut value: %.200s", msg)
				}
			}
		})
	}
}

func TestExcerptCutsOnRuneBoundaryAndEscapes(t *testing.T) {
	for _, tc := range []struct{ in, q, s string }{
		{"short", `"short"`, "short"},
		{"a\x01b", `"a\x01b"`, `a\x01b`},
		{strings.Repeat("é", 40), `"` + strings.Repeat("é", 30) + `"…(80 bytes)`, strings.Repeat("é", 40)},
		{"x" + strings.Repeat("é", 40), `"x` + strings.Repeat("é", 29) + `"…(81 bytes)`, "x" + strings.Repeat("é", 40)},
	} {
		if got := quoteValue(tc.in); got != tc.q {
			t.Errorf("quoteValue(%.20q) = %s, want %s", tc.in, got, tc.q)
		}
	}
}

func TestInvalidUTF8NamesLineAndColumn(t *testing.T) {
	src := "extends: strict\nurls:\n  schemes: [https, \"ht\xfftp\"]\n"
	_, err := Load(strings.NewReader(src), "p.yaml")
	var ce *ConfigError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a ConfigError", err)
	}
	if ce.Line != 3 || !strings.Contains(ce.Msg, "invalid UTF-8") || !strings.Contains(ce.Msg, "column 23") || ce.Field != "urls.schemes" {
		t.Errorf("got line %d field %q msg %q", ce.Line, ce.Field, ce.Msg)
	}
	if _, err := ParseConfig(strings.NewReader("extends: strict\n# caf\xe9\n"), "p.yaml"); err == nil || !strings.Contains(err.Error(), "p.yaml:2:") {
		t.Errorf("ParseConfig: %v, want line 2", err)
	}
}
