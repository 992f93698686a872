package urlnorm_test

import (
	"errors"
	"testing"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// rejectInputs carry one or more flags each, so that every flag bit of
// Options.Reject is exercised.
var rejectInputs = []string{
	"http://0x7f.1/a\\b", "https:////example.com/", "https://exa\tmple.com/",
	"http://ex%61mple.com/", "https://BÜCHER.example/", "http://[::ffff:127.0.0.1]/",
	"http://10.0.0.1./", "http://pаypal.com/", "http://a.example/b/%2e%2e/c",
	"http://good.example/..%2Fetc/passwd", "http://a.example/%252F", "http://a.example/%FF",
	"http://good.example/%E2%80%AEgnp.exe", "http://a.example/?q=%0D%0A", "https://en.wikipedia.org/wiki/100%_Orange_Juice",
	"javascript:alert(1)", "https://good.example/r?url=https://evil.example/", "http://paypal.com∕evil.example/",
	"http://[::127.0.0.1]/", "http://a.example/?q=%25252F", "https://example.com/plain",
	"http://user@a.example/", "https://xn--ab-j1t.example/",
}

// TestRejectEachFlag: with Reject = one flag, an input is refused exactly
// when it carries that flag, with ReasonFlagged and RejectError.Flags that
// flag alone; otherwise the result is the one without Reject. Strict is
// Reject = AllFlags. (Userinfo is kept, so that it is a flag.)
func TestRejectEachFlag(t *testing.T) {
	seen := urlnorm.Flags(0)
	keep := urlnorm.UserinfoKeep
	for _, in := range rejectInputs {
		base, err := urlnorm.Inspect(in, urlnorm.Options{Userinfo: keep})
		if err != nil {
			t.Fatalf("Inspect(%q) = %v", in, err)
		}
		seen |= base.Flags
		for bit := urlnorm.Flags(1); bit&urlnorm.AllFlags != 0; bit <<= 1 {
			got, err := urlnorm.Inspect(in, urlnorm.Options{Userinfo: keep, Reject: bit})
			var re *urlnorm.RejectError
			switch {
			case base.Flags&bit == 0 && (err != nil || got != base):
				t.Errorf("Inspect(%q, Reject %v) = %+v, %v; want %+v", in, bit, got, err, base)
			case base.Flags&bit != 0 && (!errors.As(err, &re) || re.Reason != urlnorm.ReasonFlagged || re.Flags != bit || got.URL != ""):
				t.Errorf("Inspect(%q, Reject %v) = %+v, %v; want ReasonFlagged with flags %v", in, bit, got, err, bit)
			}
		}
		_, strictErr := urlnorm.Inspect(in, urlnorm.Options{Userinfo: keep, Strict: true})
		_, allErr := urlnorm.Inspect(in, urlnorm.Options{Userinfo: keep, Reject: urlnorm.AllFlags})
		if (strictErr == nil) != (allErr == nil) || strictErr != nil && strictErr.Error() != allErr.Error() {
			t.Errorf("Inspect(%q): Strict gives %v, Reject AllFlags gives %v", in, strictErr, allErr)
		}
	}
	if seen != urlnorm.AllFlags {
		t.Errorf("rejectInputs never carry %v", urlnorm.AllFlags&^seen)
	}
}

func TestRejectCases(t *testing.T) {
	runRejectCases(t, []rejectCase{
		// The offset is that of the first rejected flag (the backslash),
		// not of the first flag (the hex IPv4 host).
		{name: "offset-of-rejected-flag", in: "http://0x7f.1/a\\b", opts: urlnorm.Options{Reject: urlnorm.FlagBackslash}, reason: urlnorm.ReasonFlagged, offset: 15},
		{name: "confusable-host", in: "http://pаypal.com/", opts: urlnorm.Options{Reject: urlnorm.FlagConfusable}, reason: urlnorm.ReasonFlagged, offset: -1},
		{name: "nested-confusable", in: "https://good.example/r?url=http://pаypal.com/",
			opts: urlnorm.Options{Nested: true, Reject: urlnorm.FlagConfusable}, reason: urlnorm.ReasonNestedURL, offset: 27},
	})
	runNormalizeCases(t, []normalizeCase{
		{name: "other-flags-kept", in: "http://0x7f.1/a", want: "http://127.0.0.1/a", flags: urlnorm.FlagNumericIPv4,
			opts: urlnorm.Options{Reject: urlnorm.FlagBackslash | urlnorm.FlagConfusable}},
		// Without Nested the inner URL is not inspected: only the outer
		// URL's nested-url flag counts.
		{name: "nested-not-inspected", in: "https://good.example/r?url=http://pаypal.com/", want: "https://good.example/r?url=http://p%D0%B0ypal.com/",
			flags: urlnorm.FlagNestedURL, opts: urlnorm.Options{Reject: urlnorm.FlagConfusable}},
	})
}

// TestRejectNestedUnwrap: a nested URL refused for a flag in Reject gives
// ReasonNestedURL, whose wrapped error is the nested ReasonFlagged one
// with the flag.
func TestRejectNestedUnwrap(t *testing.T) {
	_, err := urlnorm.Normalize("https://good.example/r?url=http://good.example/%E2%80%AEgnp.exe",
		urlnorm.Options{Nested: true, Reject: urlnorm.FlagSpoofChar})
	var outer *urlnorm.RejectError
	if !errors.As(err, &outer) || outer.Reason != urlnorm.ReasonNestedURL {
		t.Fatalf("error %v, want ReasonNestedURL", err)
	}
	var inner *urlnorm.RejectError
	if !errors.As(outer.Err, &inner) || inner.Reason != urlnorm.ReasonFlagged || inner.Flags != urlnorm.FlagSpoofChar {
		t.Errorf("nested error %v, want ReasonFlagged with spoof-char", outer.Err)
	}
}
