package sanitize

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// errGone is the error of a writer whose reader went away.
var errGone = errors.New("client went away")

// failingWriter accepts n bytes, then fails every write with errGone.
type failingWriter struct{ n int }

func (f *failingWriter) Write(b []byte) (int, error) {
	if len(b) <= f.n {
		f.n -= len(b)
		return len(b), nil
	}
	n := f.n
	f.n = 0
	return n, errGone
}

// TestWriteErrorEveryCut makes the writer fail after every possible number
// of bytes of the output, on an input small enough to be done in memory and
// on one that streams: each run must return a *WriteError wrapping the
// writer's error, not a "policy: " error (the message the CLI once printed
// for a closed output) and never nil.
func TestWriteErrorEveryCut(t *testing.T) {
	p := preset(t, "ugc")
	small := `<p>a <a href="HTTP://Example.COM/x">link</a><script>x()</script></p>` + "\n"
	large := strings.Repeat(small, (smallInput/len(small))+64) // over smallInput: streams
	tests := []struct {
		name string
		in   string
		step int
	}{
		{"small", small, 1},
		{"large", large, 4099}, // a prime step crosses buffer boundaries at varied offsets
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var want bytes.Buffer
			if err := Sanitize(&want, strings.NewReader(tc.in), p); err != nil {
				t.Fatal(err)
			}
			for cut := 0; cut < want.Len(); cut += tc.step {
				// io.MultiReader hides Len, so the large input takes
				// the read-ahead path as a file or a socket would.
				r := io.MultiReader(strings.NewReader(tc.in))
				err := Sanitize(&failingWriter{n: cut}, r, p)
				var we *WriteError
				if !errors.As(err, &we) || !errors.Is(err, errGone) {
					t.Fatalf("cut at %d of %d: Sanitize = %v, want a *WriteError wrapping %v", cut, want.Len(), err, errGone)
				}
			}
			// A writer that takes it all is not an error.
			if err := Sanitize(&failingWriter{n: want.Len()}, strings.NewReader(tc.in), p); err != nil {
				t.Errorf("Sanitize with room for all %d bytes = %v", want.Len(), err)
			}
		})
	}
}

// TestWriteErrorMessage checks the message a caller prints.
func TestWriteErrorMessage(t *testing.T) {
	err := Sanitize(&failingWriter{}, strings.NewReader("<p>x</p>"), preset(t, "ugc"))
	if got, want := err.Error(), "sanitize: writing output: client went away"; got != want {
		t.Errorf("error = %q, want %q", got, want)
	}
}

// shortWriter accepts n bytes, then writes less than it is given without
// an error; shortStringWriter has WriteString too, which bluemonday
// prefers.
type shortWriter struct{ n int }

// Write is failingWriter's, without its error.
func (s *shortWriter) Write(b []byte) (int, error) {
	n, _ := (*failingWriter)(s).Write(b)
	return n, nil
}

type shortStringWriter struct{ shortWriter }

func (s *shortStringWriter) WriteString(v string) (int, error) { return s.Write([]byte(v)) }

// TestShortWriteEveryCut: a writer that writes less than it is asked to
// and says nothing has lost output, on every entry point, in memory and
// streaming: the call returns a *WriteError wrapping io.ErrShortWrite.
func TestShortWriteEveryCut(t *testing.T) {
	p := preset(t, "ugc")
	small := `<p>a <a href="HTTP://Example.COM/x">link</a><script>x()</script></p>` + "\n"
	large := strings.Repeat(small, (smallInput/len(small))+64)
	calls := map[string]func(io.Writer, io.Reader) error{
		"Sanitize": func(w io.Writer, r io.Reader) error { return Sanitize(w, r, p) },
		"SanitizeWith report": func(w io.Writer, r io.Reader) error {
			return SanitizeWith(w, r, p, Options{Report: func(Change) {}})
		},
		"SanitizeWith context": func(w io.Writer, r io.Reader) error {
			return SanitizeWith(w, r, p, Options{Context: t.Context()})
		},
		"SanitizeWith context and report": func(w io.Writer, r io.Reader) error {
			return SanitizeWith(w, r, p, Options{Context: t.Context(), Report: func(Change) {}})
		},
	}
	for _, in := range []struct {
		name, doc string
		step      int
	}{{"small", small, shortStep()}, {"large", large, 7919 * shortStep()}} {
		var want bytes.Buffer
		if err := Sanitize(&want, strings.NewReader(in.doc), p); err != nil {
			t.Fatal(err)
		}
		for name, call := range calls {
			for cut := 0; cut < want.Len(); cut += in.step {
				for _, w := range []io.Writer{&shortWriter{n: cut}, &shortStringWriter{shortWriter{n: cut}}} {
					err := call(w, io.MultiReader(strings.NewReader(in.doc)))
					var we *WriteError
					if !errors.As(err, &we) || !errors.Is(err, io.ErrShortWrite) {
						t.Fatalf("%s %s, %T cut at %d of %d: %v, want a *WriteError wrapping io.ErrShortWrite", name, in.name, w, cut, want.Len(), err)
					}
				}
			}
		}
	}
}

// shortStep is how far apart TestShortWriteEveryCut cuts the small
// document: at every byte under HTMLCLEAN_LONG, at every eleventh
// otherwise.
func shortStep() int {
	if longTests() {
		return 1
	}
	return 11
}
