package urlnorm_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/urlnorm"
)

const mb = 1 << 20

// TestBadInput feeds hostile sizes and bytes and asserts the outcome: a
// typed rejection or a correct result, never a panic. That the work is
// linear in the input is shown by BenchmarkBadInput (ns/byte is flat from
// 16 KiB to 1 MiB); the normaliser makes one pass per component and the
// self-check a second.
func TestBadInput(t *testing.T) {
	pct := strings.Repeat("%", 100_000)
	tests := []struct {
		name   string
		in     string
		want   string // used when reason is ReasonNone
		reason urlnorm.Reason
		offset int
	}{
		{name: "1MB-canonical-path", in: "https://example.com/" + strings.Repeat("a", mb), want: "https://example.com/" + strings.Repeat("a", mb)},
		{name: "512KB-path-needing-encoding", in: "https://example.com/" + strings.Repeat(" ", mb/2) + "x", want: "https://example.com/" + strings.Repeat("%20", mb/2) + "x"},
		{name: "1MB-path-encoded-over-limit", in: "https://example.com/" + strings.Repeat(" ", mb) + "x", reason: urlnorm.ReasonTooLong, offset: 0},
		{name: "1MB-query-unreserved-escapes", in: "https://example.com/?" + strings.Repeat("%41", mb/3), want: "https://example.com/?" + strings.Repeat("A", mb/3)},
		{name: "1MB-host", in: "https://" + strings.Repeat("a", mb) + "/", want: "https://" + strings.Repeat("a", mb) + "/"},
		{name: "1MB-host-labels", in: "https://" + strings.Repeat("a.", mb/2) + "com/", want: "https://" + strings.Repeat("a.", mb/2) + "com/"},
		{name: "512KB-idn-host-labels", in: "https://" + strings.Repeat("ü.", mb/6) + "com/", reason: urlnorm.ReasonHostTooLong, offset: 8},
		{name: "1MB-idn-host", in: "https://" + strings.Repeat("é", mb/2) + "/", reason: urlnorm.ReasonHostTooLong, offset: 8},
		{name: "1MB-numeric-host", in: "https://0x" + strings.Repeat("0", mb) + "1/", want: "https://0.0.0.1/"},
		{name: "1MB-dot-segments", in: "https://example.com" + strings.Repeat("/a/..", mb/5), want: "https://example.com/"},
		{name: "1MB-climbing-relative", in: strings.Repeat("../", mb/3), want: strings.Repeat("../", mb/3)},
		{name: "512KB-fragment-spaces", in: "#" + strings.Repeat(" ", mb/2) + "x", want: "#" + strings.Repeat("%20", mb/2) + "x"},
		{name: "1MB-at-signs", in: "https://" + strings.Repeat("@", mb) + "x/", reason: urlnorm.ReasonUserinfo, offset: 8},
		{name: "1MB-port", in: "https://x:" + strings.Repeat("0", mb) + "1/", want: "https://x:1/"},
		{name: "1MB-brackets", in: "https://[" + strings.Repeat(":", mb) + "]/", reason: urlnorm.ReasonIPv6, offset: 8},
		{name: "over-2MiB", in: "https://example.com/" + strings.Repeat("a", 2*mb), reason: urlnorm.ReasonTooLong, offset: urlnorm.DefaultMaxLength},
		{name: "percents-in-path", in: "https://example.com/" + pct, reason: urlnorm.ReasonBadEscape, offset: 20},
		{name: "lone-percents-in-path", in: "https://example.com/" + strings.Repeat("%_", 100_000), want: "https://example.com/" + strings.Repeat("%25_", 100_000)},
		{name: "percents-in-host", in: "https://" + pct + "/", reason: urlnorm.ReasonBadEscape, offset: 8},
		{name: "percents-in-query", in: "https://example.com/?" + pct, want: "https://example.com/?" + strings.Repeat("%25", 100_000)},
		{name: "percents-in-fragment", in: "https://example.com/#" + pct, want: "https://example.com/#" + strings.Repeat("%25", 100_000)},
		{name: "percents-in-opaque-path", in: "mailto:" + pct, want: "mailto:" + pct},
		{name: "percents-as-scheme", in: pct + ":x", reason: urlnorm.ReasonScheme, offset: 100_000},
		{name: "percents-in-sm-value", in: "https://example.com/?TARGET=-SM-" + pct, want: "https://example.com/?TARGET=-SM-" + pct},
		{name: "escaped-percents-in-path", in: "https://example.com/" + strings.Repeat("%25", 100_000), want: "https://example.com/" + strings.Repeat("%25", 100_000)},
		{name: "invalid-utf8-in-host", in: "https://ex\xc3\x28ample.com/", reason: urlnorm.ReasonInvalidUTF8, offset: 10},
		{name: "invalid-utf8-in-query", in: "https://example.com/?q=\xe2\x82", reason: urlnorm.ReasonInvalidUTF8, offset: 23},
		{name: "invalid-utf8-after-1MB", in: "https://example.com/" + strings.Repeat("a", mb) + "\xff", reason: urlnorm.ReasonInvalidUTF8, offset: 20 + mb},
		{name: "escaped-invalid-utf8-in-host", in: "https://ex%FFample.com/", reason: urlnorm.ReasonInvalidUTF8, offset: 8},
		{name: "nul-in-scheme", in: "ht\x00tp://example.com/", reason: urlnorm.ReasonControlChar, offset: 2},
		{name: "nul-in-host", in: "https://exa\x00mple.com/", reason: urlnorm.ReasonControlChar, offset: 11},
		{name: "nul-in-query", in: "https://example.com/?a=\x00", reason: urlnorm.ReasonControlChar, offset: 23},
		{name: "nul-at-end", in: "https://example.com/\x00", reason: urlnorm.ReasonControlChar, offset: 20},
		{name: "encoded-nul-in-host", in: "https://exa%00mple.com/", reason: urlnorm.ReasonEncodedControl, offset: 8},
		{name: "1MB-nul", in: strings.Repeat("\x00", mb), reason: urlnorm.ReasonControlChar, offset: 0},
		{name: "1MB-tabs", in: "https://example.com/a" + strings.Repeat("\t", mb) + "b", want: "https://example.com/ab"},
		{name: "bad-escape-after-1MB-of-tabs", in: "https://example.com/" + strings.Repeat("\t", mb) + "%zz", reason: urlnorm.ReasonBadEscape, offset: 20 + mb},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := urlnorm.Normalize(tc.in, urlnorm.Options{})
			if tc.reason == urlnorm.ReasonNone {
				if err != nil {
					t.Fatalf("Normalize error: %v", err)
				}
				if got != tc.want {
					t.Fatalf("Normalize(%.40q…) = %.60q… (len %d), want len %d", tc.in, got, len(got), len(tc.want))
				}
				return
			}
			var re *urlnorm.RejectError
			if !errors.As(err, &re) {
				t.Fatalf("Normalize(%.40q…) = %.40q…, %v; want reason %v", tc.in, got, err, tc.reason)
			}
			if re.Reason != tc.reason || re.Offset != tc.offset {
				t.Errorf("Normalize(%.40q…): reason %v at %d, want %v at %d", tc.in, re.Reason, re.Offset, tc.reason, tc.offset)
			}
		})
	}
}

// TestNestedPercentDepth checks that deeply percent-encoded query values
// are looked at only to a fixed depth.
func TestNestedPercentDepth(t *testing.T) {
	v := "javascript:alert(1)"
	for range 10 {
		v = strings.ReplaceAll(v, "%", "%25")
		v = strings.ReplaceAll(v, ":", "%3A")
	}
	in := "https://example.com/?next=" + v
	got, err := urlnorm.Normalize(in, urlnorm.Options{Nested: true})
	if err != nil || got != in {
		t.Errorf("Normalize(%q) = %q, %v; want it unchanged (too deep to be followed)", in, got, err)
	}
}
