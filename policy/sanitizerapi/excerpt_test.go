package sanitizerapi_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// errorTexts returns the text of every error joined in err.
func errorTexts(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	var out []string
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		out = append(out, e.Error())
		var ce *policy.ConfigError
		if errors.As(e, &ce) && len(ce.Field) > 1024 {
			t.Errorf("Field is %d bytes", len(ce.Field))
		}
	}
	return out
}

// TestErrorsQuoteShortExcerpts feeds a 1 MB value through each error path
// of a SanitizerConfig that quotes a user's value and checks every error
// stays short.
func TestErrorsQuoteShortExcerpts(t *testing.T) {
	scCases := map[string]string{
		"namespace":      `{"elements":[{"name":"` + strings.Repeat("a", 10) + `","namespace":"` + strings.Repeat("n", 1<<20) + `"}]}`,
		"listed twice":   `{"elements":["` + strings.Repeat("b", 1<<20) + `","` + strings.Repeat("b", 1<<20) + `"]}`,
		"data attribute": `{"dataAttributes":true,"attributes":["data-` + strings.Repeat("c", 1<<20) + `"]}`,
	}
	for name, src := range scCases {
		t.Run(name, func(t *testing.T) {
			_, err := sanitizerapi.Compile([]byte(src))
			for _, msg := range errorTexts(t, err) {
				if len(msg) >= 1024 {
					t.Errorf("error is %d bytes: %.200s", len(msg), msg)
				}
			}
		})
	}
}
