package fuzz

import (
	"errors"
	"html"
	"io"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/htmlclean/htmlclean/fuzz/internal/oracle"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
	"github.com/htmlclean/htmlclean/urlnorm"
)

// webSchemes is the allowlist FuzzNormalize enforces through Options.
var webSchemes = []string{"http", "https", "mailto"}

// FuzzNormalize checks, for any input and any Options drawn from the
// fuzz input (see fuzzOptions), and that the ugc preset's report carries
// every flag it reports (checkReportFlags):
//   - Normalize does not panic, and an error is always a *RejectError
//     with a real reason and an offset inside the input;
//   - an accepted output is a fixed point of Normalize under the same
//     Options, and carries no flag the input did not;
//   - the Options are honoured: Strict leaves no flag, Reject none of
//     its flags, the scheme
//     allowlist, RelativeReject and RelativeResolve leave no relative
//     reference, UserinfoReject and UserinfoStrip leave no userinfo, and
//     MaxLength bounds the output;
//
// and, with the zero Options:
//   - Go's net/url parses the output to the browser's scheme, host and
//     port;
//   - it has the browser meaning of the input (WHATWG oracle, modulo the
//     RFC 3986 equivalences in internal/oracle);
//   - an input the browser cannot parse is rejected;
//   - with a scheme allowlist, no other scheme survives, by the browser's
//     reading of the output.
func FuzzNormalize(f *testing.F) {
	for i, s := range urlSeeds(f) {
		f.Add(s, uint64(0))
		f.Add(s, uint64(i)*0x9E3779B97F4A7C15) // a spread of Options
	}
	ugc, err := policy.Preset("ugc")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw string, bits uint64) {
		checkWithOptions(t, raw, fuzzOptions(bits))
		checkDefault(t, raw)
		checkReportFlags(t, raw, ugc)
	})
}

// checkReportFlags checks that no flag is lost between urlnorm and the
// report: raw as a link's href under p gets a report line carrying
// exactly the flags Inspect finds that p reports (urls.flags "report").
func checkReportFlags(t *testing.T, raw string, p *policy.Policy) {
	if !utf8.ValidString(raw) || strings.ContainsAny(raw, "\x00\r") {
		return // the HTML tokenizer would hand the sanitiser another value
	}
	r, err := urlnorm.Inspect(raw, p.URLOptions())
	want := r.Flags & reportedFlags(p)
	if err != nil || want == 0 {
		return
	}
	var got []sanitize.Change
	doc := `<a href="` + html.EscapeString(raw) + `">x</a>`
	if err := sanitize.SanitizeWith(io.Discard, strings.NewReader(doc), p, sanitize.Options{Report: func(c sanitize.Change) {
		if c.Attribute == "href" {
			got = append(got, c)
		}
	}}); err != nil {
		return
	}
	if len(got) == 0 {
		t.Fatalf("%q: Inspect flags %v, no report line for the href", raw, want)
	}
	if got[0].Action != sanitize.RemovedAttribute && got[0].Flags != want {
		t.Fatalf("%q: Inspect flags %v, report %s flags %v", raw, want, got[0].Action, got[0].Flags)
	}
}

// fuzzBases are the Options.Base values FuzzNormalize draws from: valid
// bases of several shapes, and invalid ones that must give ReasonBase.
var fuzzBases = []string{
	"https://example.org/dir/page", "http://a.example/b/c?q#f", "https://xn--bcher-kva.example/",
	"", "not a url", "https://[::1]:8080/x/..", "http://u@h.example/", "//h.example/p",
}

// fuzzSchemes are the Options.Schemes values FuzzNormalize draws from.
var fuzzSchemes = [][]string{nil, {}, {"http", "https"}, webSchemes, {"javascript"}, {"foo", "HTTP"}, {"https"}}

// fuzzMaxLengths are the Options.MaxLength values FuzzNormalize draws from.
var fuzzMaxLengths = []int{0, -1, 1, 8, 24, 64, 256, 4096}

// fuzzOptions maps 64 fuzzed bits to an Options value, each field drawn
// from its own bits so that the fuzzer can vary one at a time.
func fuzzOptions(bits uint64) urlnorm.Options {
	field := func(shift, n int) int { return int(bits>>shift) % n }
	return urlnorm.Options{
		Strict:    bits&1 != 0,
		Userinfo:  urlnorm.UserinfoPolicy(field(1, 3)),
		Relative:  urlnorm.RelativePolicy(field(4, 3)),
		Base:      fuzzBases[field(8, len(fuzzBases))],
		Nested:    bits&(1<<12) != 0,
		Schemes:   fuzzSchemes[field(16, len(fuzzSchemes))],
		MaxLength: fuzzMaxLengths[field(20, len(fuzzMaxLengths))],
		// The high 32 bits: any set of flags, so that idempotence is
		// checked for every Reject value, not only none and all.
		Reject: urlnorm.Flags(bits>>32) & urlnorm.AllFlags,
	}
}

// checkWithOptions checks the properties that hold under every Options.
func checkWithOptions(t *testing.T, raw string, o urlnorm.Options) {
	r, err := urlnorm.Inspect(raw, o)
	if err != nil {
		var re *urlnorm.RejectError
		if !errors.As(err, &re) || re.Reason == urlnorm.ReasonNone || re.Reason == urlnorm.ReasonSelfCheck {
			t.Fatalf("Inspect(%q, %+v) error %v: want a *RejectError with a real reason", raw, o, err)
		}
		if re.Offset < 0 || re.Offset > len(raw) {
			t.Fatalf("Inspect(%q, %+v) offset %d out of range", raw, o, re.Offset)
		}
		return
	}
	out := r.URL
	again, err := urlnorm.Inspect(out, o)
	if err != nil || again.URL != out {
		t.Fatalf("Normalize(%q, %+v) = %q; Normalize of that = %q, %v", raw, o, out, again.URL, err)
	}
	if extra := again.Flags &^ r.Flags; extra != 0 {
		t.Fatalf("Normalize(%q, %+v) = %q gained flags %v", raw, o, out, extra)
	}
	if o.Strict && r.Flags != 0 {
		t.Fatalf("Inspect(%q, strict) = %q with flags %v", raw, out, r.Flags)
	}
	if bad := r.Flags & o.Reject; bad != 0 {
		t.Fatalf("Inspect(%q, Reject %v) = %q with flags %v", raw, o.Reject, out, bad)
	}
	if limit := o.MaxLength; limit > 0 && len(out) > limit || limit == 0 && len(out) > urlnorm.DefaultMaxLength {
		t.Fatalf("Normalize(%q, MaxLength %d) = %q: %d bytes", raw, o.MaxLength, out, len(out))
	}
	if o.Schemes != nil && r.Scheme != "" && !slices.ContainsFunc(o.Schemes, func(s string) bool { return strings.EqualFold(s, r.Scheme) }) {
		t.Fatalf("Normalize(%q, Schemes %v) = %q: scheme %q", raw, o.Schemes, out, r.Scheme)
	}
	if o.Relative != urlnorm.RelativeKeep && r.Scheme == "" {
		t.Fatalf("Normalize(%q, Relative %d) = %q: still relative", raw, o.Relative, out)
	}
	if o.Userinfo != urlnorm.UserinfoKeep {
		if u, err := url.Parse(out); err == nil && u.User != nil {
			t.Fatalf("Normalize(%q, Userinfo %d) = %q keeps userinfo", raw, o.Userinfo, out)
		}
	}
}

// checkDefault checks the browser-meaning properties under the zero
// Options, where the output must mean what the input meant.
func checkDefault(t *testing.T, raw string) {
	r, err := urlnorm.Inspect(raw, urlnorm.Options{})
	if err != nil {
		return // checked by checkWithOptions when the bits are zero
	}
	out := r.URL
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

// reportedFlags returns the flags p keeps a URL with and reports
// (urls.flags "report"), read from its effective Config.
func reportedFlags(p *policy.Policy) urlnorm.Flags {
	var out urlnorm.Flags
	for name, action := range p.Config().URLs.Flags {
		if f, ok := urlnorm.FlagByName(name); ok && action == policy.FlagReport {
			out |= f
		}
	}
	return out
}
