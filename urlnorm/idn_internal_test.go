package urlnorm

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestDotMappings checks the assumption mapLabels rests on, over every
// code point: UTS #46 (as x/net/idna implements it) maps only the four
// full stops of isFullStop to "." and never to anything holding "xn--",
// and maps labelMark to itself. A new Unicode table that breaks this
// fails here (and mapLabels refuses the host rather than misjudging it).
func TestDotMappings(t *testing.T) {
	if m, err := mapProfile.ToUnicode(labelMark + "a"); err != nil || m != labelMark+"a" {
		t.Fatalf("mapping %q = %q, %v; want it unchanged", labelMark+"a", m, err)
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) || r == 0x01 {
			continue
		}
		m, _ := mapProfile.ToUnicode(labelMark + string(r))
		m = strings.TrimPrefix(m, labelMark)
		if strings.Contains(m, ".") != isFullStop(r) {
			t.Errorf("%U maps to %q; isFullStop says %v", r, m, isFullStop(r))
		}
		if strings.Contains(m, "xn--") || strings.Contains(m, labelMark) {
			t.Errorf("%U maps to %q", r, m)
		}
	}
}

// TestMapLabels checks the mapped view of hosts, Punycode labels intact.
func TestMapLabels(t *testing.T) {
	tests := []struct{ in, want string }{
		{"xn--.example", "xn--.example"},
		{"ｘｎ－－。ＥＸＡＭＰＬＥ", "xn--.example"},
		{"a\u00adb.c.", "ab.c."},
		{"=\u00ad\u0338", "≠"},
		{"", ""},
		{"..", ".."},
	}
	for _, tc := range tests {
		if got, ok := mapLabels(tc.in); !ok || got != tc.want {
			t.Errorf("mapLabels(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
	// A disallowed code point: the Unicode 15 tables fail the mapping,
	// the Unicode 17 ones leave it as it is for idnaProfile to refuse.
	if got, ok := mapLabels("a\u2488b"); ok && got != "a\u2488b" {
		t.Errorf("mapLabels with a disallowed code point = %q, want failure or the label unchanged", got)
	}
	if j := judgeIDNHost("a\u2488b.example"); j.reason != ReasonIDNA {
		t.Errorf("judgeIDNHost with a disallowed code point: reason %v, want %v", j.reason, ReasonIDNA)
	}
}
