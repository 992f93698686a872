package fuzz

import (
	"errors"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/oracle"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// webSchemes is the allowlist FuzzNormalize enforces through Options.
var webSchemes = []string{"http", "https", "mailto"}

// FuzzNormalize checks, for any input:
//   - Normalize does not panic, and an error is always a *RejectError;
//   - an accepted output is a fixed point of Normalize;
//   - Go's net/url parses it to the browser's scheme, host and port;
//   - it has the browser meaning of the input (WHATWG oracle, modulo the
//     RFC 3986 equivalences in internal/oracle);
//   - an input the browser cannot parse is rejected;
//   - with a scheme allowlist, no other scheme survives, by the browser's
//     reading of the output.
func FuzzNormalize(f *testing.F) {
	for _, s := range urlSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		r, err := urlnorm.Inspect(raw, urlnorm.Options{})
		if err != nil {
			var re *urlnorm.RejectError
			if !errors.As(err, &re) || re.Reason == urlnorm.ReasonNone || re.Reason == urlnorm.ReasonSelfCheck {
				t.Fatalf("Normalize(%q) error %v: want a *RejectError with a real reason", raw, err)
			}
			if re.Offset < 0 || re.Offset > len(raw) {
				t.Fatalf("Normalize(%q) offset %d out of range", raw, re.Offset)
			}
			return
		}
		out := r.URL
		if again, err := urlnorm.Normalize(out, urlnorm.Options{}); err != nil || again != out {
			t.Fatalf("Normalize(%q) = %q; Normalize of that = %q, %v", raw, out, again, err)
		}
		if err := oracle.GoAgrees(out); err != nil && !errors.Is(err, oracle.ErrKnownGap) {
			t.Fatalf("Normalize(%q): %v", raw, err)
		}
		if _, err := oracle.Parse(oracle.DefaultBase, raw); err != nil {
			if errors.Is(err, oracle.ErrKnownGap) {
				return // urlnorm's IDNA profile is checked by TestToASCII
			}
			t.Fatalf("Normalize(%q) = %q, but a browser cannot parse the input: %v", raw, out, err)
		}
		same, a, b, err := oracle.SameMeaning(oracle.DefaultBase, raw, out)
		if errors.Is(err, oracle.ErrKnownGap) {
			return
		}
		if err != nil {
			t.Fatalf("Normalize(%q) = %q: %v", raw, out, err)
		}
		if !same {
			t.Fatalf("Normalize(%q) = %q changes the meaning:\n input  %s\n output %s", raw, out, a, b)
		}

		web, err := urlnorm.Normalize(raw, urlnorm.Options{Schemes: webSchemes})
		if err != nil {
			return
		}
		u, err := oracle.Parse(oracle.DefaultBase, web)
		if err != nil {
			t.Fatalf("oracle cannot parse %q: %v", web, err)
		}
		if scheme := u.Scheme(); !strings.Contains(" http https mailto ", " "+scheme+" ") {
			t.Fatalf("Normalize(%q, Schemes %v) = %q, which a browser reads as scheme %q", raw, webSchemes, web, scheme)
		}
	})
}

// FuzzSMCodec checks that DecodeSM inverts EncodeSM in every mode, and that
// DecodeSM of anything either fails with ReasonSMEncoding or succeeds.
func FuzzSMCodec(f *testing.F) {
	for _, s := range jsonlField(f, "url/siteminder_vectors.jsonl", "input") {
		f.Add(s)
	}
	for _, s := range jsonlField(f, "url/siteminder_vectors.jsonl", "output") {
		f.Add(s)
	}
	f.Add("-SM-")
	f.Add("$SM$$")
	f.Fuzz(func(t *testing.T, s string) {
		for _, opts := range []urlnorm.SMOptions{{}, {Legacy: true}, {Always: true}, {Legacy: true, Always: true}} {
			enc := urlnorm.EncodeSM(s, opts)
			dec, err := urlnorm.DecodeSM(enc)
			if err != nil || dec != s {
				t.Fatalf("DecodeSM(EncodeSM(%q, %+v) = %q) = %q, %v", s, opts, enc, dec, err)
			}
		}
		if _, err := urlnorm.DecodeSM(s); err != nil {
			var re *urlnorm.RejectError
			if !errors.As(err, &re) || re.Reason != urlnorm.ReasonSMEncoding {
				t.Fatalf("DecodeSM(%q) error %v, want ReasonSMEncoding", s, err)
			}
		}
	})
}
