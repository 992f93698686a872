package htmlscan

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// html5libCase is one html5lib tokenizer test in one initial state,
// reached by a start tag before its input.
type html5libCase struct {
	name, input string
	cdata       bool
}

// html5libDir is where the html5lib tokenizer tests of the x/net module
// this one requires are.
func html5libDir(tb testing.TB) string {
	tb.Helper()
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/net").Output()
	if err != nil {
		tb.Fatalf("go list -m golang.org/x/net: %v", err)
	}
	return filepath.Join(strings.TrimSpace(string(dir)), "html", "testdata", "html5lib-tests", "tokenizer")
}

// html5libTests reads every html5lib tokenizer test.
func html5libTests(tb testing.TB) []html5libCase {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(html5libDir(tb), "*.test"))
	if len(files) == 0 {
		tb.Fatal("no html5lib tokenizer tests")
	}
	var cases []html5libCase
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		var file struct {
			Tests []struct {
				Description   string
				Input         string
				InitialStates []string
				LastStartTag  string
				DoubleEscaped bool
			}
		}
		if err := json.Unmarshal(data, &file); err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		for i, tc := range file.Tests {
			in := tc.Input
			if tc.DoubleEscaped {
				in = unescapeJSON(tb, in)
			}
			states := tc.InitialStates
			if len(states) == 0 {
				states = []string{"Data state"}
			}
			for _, st := range states {
				prefix, cdata := statePrefix(st, tc.LastStartTag)
				cases = append(cases, html5libCase{
					name:  fmt.Sprintf("%s/%d/%s/%s", filepath.Base(name), i, tc.Description, st),
					input: prefix + in, cdata: cdata,
				})
			}
		}
	}
	return cases
}

// statePrefix is what puts a tokenizer in an html5lib initial state.
func statePrefix(state, lastStartTag string) (prefix string, cdata bool) {
	tag := func(def string) string {
		if lastStartTag != "" {
			return "<" + lastStartTag + ">"
		}
		return "<" + def + ">"
	}
	switch state {
	case "PLAINTEXT state":
		return "<plaintext>", false
	case "RCDATA state":
		return tag("title"), false
	case "RAWTEXT state":
		return tag("style"), false
	case "Script data state":
		return tag("script"), false
	case "CDATA section state":
		return "<![CDATA[", true
	}
	return "", false
}

// unescapeJSON decodes the \uXXXX escapes of a doubly escaped input; a
// lone surrogate becomes its three-byte (invalid UTF-8) form.
func unescapeJSON(tb testing.TB, s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, `\u`)
		if i < 0 || i+6 > len(s) {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		r, err := strconv.ParseUint(s[i+2:i+6], 16, 16)
		if err != nil {
			tb.Fatalf("bad escape in %q", s)
		}
		if 0xD800 <= r && r <= 0xDFFF {
			b.Write([]byte{0xE0 | byte(r>>12), 0x80 | byte(r>>6)&0x3F, 0x80 | byte(r)&0x3F})
		} else {
			b.WriteRune(rune(r))
		}
		s = s[i+6:]
	}
}

// TestHTML5Lib runs the html5lib tokenizer tests through a Scanner and an
// html.Tokenizer and compares every token, in every way of driving them,
// with and without small buffer limits.
func TestHTML5Lib(t *testing.T) {
	cases := html5libTests(t)
	if len(cases) < 7000 {
		t.Fatalf("%d html5lib cases, want the ~7000 of x/net's copy", len(cases))
	}
	z := new(Scanner)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for mode := range uint8(32) {
				if tc.cdata {
					mode |= modeCDATA
				}
				compare(t, z, []byte(tc.input), 0, mode)
			}
			var mode uint8
			if tc.cdata {
				mode = modeCDATA
			}
			for n := 1; n <= len(tc.input)+1 && n <= 64; n++ {
				compare(t, z, []byte(tc.input), n, mode)
			}
		})
	}
}
