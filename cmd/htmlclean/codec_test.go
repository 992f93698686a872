package main

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/internal/testing/jsonl"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// corpusDir holds the module's imported vector sets.
const corpusDir = "../../testdata/corpus/url/"

// readJSONL decodes every line of a JSON Lines file into a T.
func readJSONL[T any](t *testing.T, path string) []T {
	t.Helper()
	all, err := jsonl.Read[T](path)
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// TestURLMatchesLibrary checks that "htmlclean url -json" reports, for
// every input of the suspicious-encodings corpus, exactly what
// urlnorm.Inspect says with the same options, and that the plain output
// and the exit status agree with it.
func TestURLMatchesLibrary(t *testing.T) {
	vectors := readJSONL[struct {
		ID    string `json:"id"`
		Input string `json:"input"`
	}](t, corpusDir+"suspicious_encodings.jsonl")
	if len(vectors) < 100 {
		t.Fatalf("only %d vectors in the corpus", len(vectors))
	}
	inputs := make([]string, len(vectors))
	for i, v := range vectors {
		inputs[i] = v.Input
	}
	modes := []struct {
		name  string
		flags []string
		opts  urlnorm.Options
	}{
		{"default", nil, urlnorm.Options{}},
		{"strict", []string{"-strict"}, urlnorm.Options{Reject: strictReject()}},
		{"strict-all", []string{"-strict-all"}, urlnorm.Options{Strict: true}},
		{"nested-strip", []string{"-nested", "-userinfo", "strip"}, urlnorm.Options{Nested: true, Userinfo: urlnorm.UserinfoStrip}},
		{"keep", []string{"-userinfo", "keep"}, urlnorm.Options{Userinfo: urlnorm.UserinfoKeep}},
	}
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			// The inputs go in as arguments: some hold a newline, which
			// standard input would split.
			js := invoke(t, "", append(append([]string{"url", "-json"}, m.flags...), inputs...)...)
			plain := invoke(t, "", append(append([]string{"url"}, m.flags...), inputs...)...)
			gotJSON := strings.Split(strings.TrimSuffix(js.stdout, "\n"), "\n")
			gotPlain := strings.Split(strings.TrimSuffix(plain.stdout, "\n"), "\n")
			if len(gotJSON) != len(vectors) || len(gotPlain) != len(vectors) {
				t.Fatalf("got %d JSON lines and %d plain lines for %d inputs", len(gotJSON), len(gotPlain), len(vectors))
			}
			wantExit := exitOK
			for i, v := range vectors {
				res, err := urlnorm.Inspect(v.Input, m.opts)
				want := map[string]any{"input": v.Input}
				wantPlain := res.URL
				var re *urlnorm.RejectError
				switch {
				case errors.As(err, &re):
					want["reject"] = re.Reason.String()
					flags := re.Flags
					// A nested rejection names the innermost reason.
					for cause := re; cause.Reason == urlnorm.ReasonNestedURL; {
						if !errors.As(cause.Err, &cause) {
							t.Fatalf("%s: nested-url rejection without a nested error: %v", v.ID, re)
						}
						want["cause"] = cause.Reason.String()
						flags = cause.Flags
					}
					if names := flags.Names(); len(names) > 0 {
						want["flags"] = toAny(names)
					}
					wantPlain = "reject\t" + re.Reason.String()
					wantExit = exitFail
				case err != nil:
					t.Fatalf("%s: Inspect: %v", v.ID, err)
				default:
					want["url"] = res.URL
					if names := res.Flags.Names(); len(names) > 0 {
						want["flags"] = toAny(names)
					}
				}
				var got map[string]any
				if err := json.Unmarshal([]byte(gotJSON[i]), &got); err != nil {
					t.Fatalf("%s: line %q: %v", v.ID, gotJSON[i], err)
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%s: url -json %s mismatch (-want +got):\n%s", v.ID, strings.Join(m.flags, " "), diff)
				}
				if gotPlain[i] != wantPlain {
					t.Errorf("%s: url %q = %q, want %q", v.ID, v.Input, gotPlain[i], wantPlain)
				}
			}
			if js.exit != wantExit || plain.exit != wantExit {
				t.Errorf("exit status %d (-json) and %d (plain), want %d", js.exit, plain.exit, wantExit)
			}
			if js.stderr != "" || plain.stderr != "" {
				t.Errorf("unexpected stderr: %q %q", js.stderr, plain.stderr)
			}
		})
	}
}

func toAny(s []string) []any {
	a := make([]any, len(s))
	for i, v := range s {
		a[i] = v
	}
	return a
}

// TestSMVectors runs every vector of siteminder_vectors.jsonl through
// "htmlclean sm", which includes both worked examples of the seed
// (Broadcom KB 11150) byte for byte.
func TestSMVectors(t *testing.T) {
	vectors := readJSONL[struct {
		ID     string `json:"id"`
		Op     string `json:"op"`
		Mode   string `json:"mode"`
		Always bool   `json:"always"`
		Input  string `json:"input"`
		Output string `json:"output"`
		Error  bool   `json:"error"`
	}](t, corpusDir+"siteminder_vectors.jsonl")
	for _, v := range vectors {
		t.Run(v.ID, func(t *testing.T) {
			args := []string{"sm", v.Op}
			if v.Op == "encode" && v.Mode == "legacy" {
				args = append(args, "-legacy")
			}
			if v.Op == "encode" && v.Always {
				args = append(args, "-always")
			}
			want := invocation{exit: exitOK, stdout: v.Output + "\n"}
			if v.Error {
				want = invocation{exit: exitFail, stdout: "error\tsm-encoding\n"}
			}
			for _, how := range []string{"argument", "stdin"} {
				var got invocation
				if how == "argument" {
					got = invoke(t, "", append(args, v.Input)...)
				} else {
					got = invoke(t, v.Input+"\n", args...)
				}
				if v.Error && got.stderr != "" {
					got.stderr = "" // checked in the golden sm-decode.txt
				}
				if diff := cmp.Diff(want, got, cmp.AllowUnexported(invocation{})); diff != "" {
					t.Errorf("htmlclean %s (%s %q) mismatch (-want +got):\n%s", strings.Join(args, " "), how, v.Input, diff)
				}
			}
		})
	}
}

// TestSMSeed decodes the two worked examples exactly as they are printed
// in the text this command's SM codec was specified from, when that text
// is found beside the module (as in CI), and checks that they decode to
// the URLs the text started from.
func TestSMSeed(t *testing.T) {
	const seed = "../../../shared/seeds/000_779706dec06f8239.txt"
	b, err := os.ReadFile(seed)
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("the seed is not beside the module; TestSMVectors holds the same examples")
	}
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
	after := func(marker string) string {
		for i, l := range lines {
			if strings.TrimSpace(l) == marker && i+1 < len(lines) {
				return strings.TrimSpace(lines[i+1])
			}
		}
		t.Fatalf("%s: no line after %q", seed, marker)
		return ""
	}
	tests := []struct{ name, plain, encoded string }{
		{"legacy", after("URL being encoded is:"), after("SM-Encoded, it becomes:")},
		{"framework", after("Scenario with Framework agents (LegacyEncoding=NO):"), after("becomes")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := invoke(t, "", "sm", "decode", tc.encoded)
			// The seed's framework example encodes "http" but prints the
			// encoded scheme as "HTTP"; schemes are case-insensitive.
			if got.exit != exitOK || !strings.EqualFold(got.stdout, tc.plain+"\n") || got.stdout[4:] != tc.plain[4:]+"\n" {
				t.Errorf("sm decode %q = %q (exit %d), want %q", tc.encoded, got.stdout, got.exit, tc.plain+"\n")
			}
		})
	}
}

// TestHelpExamples runs the url and sm examples of the help texts whose
// next line is the expected output, so that -h never shows a wrong answer.
func TestHelpExamples(t *testing.T) {
	for _, c := range []*command{&urlCommand, &smCommand, &smEncodeCommand, &smDecodeCommand} {
		lines := strings.Split(c.examples, "\n")
		for i := 0; i+1 < len(lines); i += 2 {
			cmdLine := strings.TrimSpace(lines[i])
			want := strings.TrimSpace(lines[i+1])
			if strings.Contains(cmdLine, "<") || strings.HasPrefix(want, "one result") {
				continue // reads a file: described, not shown
			}
			args := shellSplit(t, strings.TrimPrefix(cmdLine, "htmlclean "))
			got := invoke(t, "", args...)
			if got.stdout != want+"\n" {
				t.Errorf("%s: %s\nprints %q, help says %q", c.name, cmdLine, got.stdout, want)
			}
		}
	}
}

// shellSplit splits a command line on spaces, honouring single quotes: the
// quoting the examples use.
func shellSplit(t *testing.T, s string) []string {
	t.Helper()
	var args []string
	var cur strings.Builder
	inQuote, inArg := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			inQuote, inArg = !inQuote, true
		case r == ' ' && !inQuote:
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		default:
			cur.WriteRune(r)
			inArg = true
		}
	}
	if inQuote {
		t.Fatalf("unbalanced quote in %q", s)
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args
}
