package rules

import (
	"strings"
	"testing"
)

func TestDataImagesCheck(t *testing.T) {
	d := DataImages{Types: []string{"image/gif", "image/png"}, MaxBytes: 6}
	tests := []struct {
		name, in, want string
		isData         bool
	}{
		{"not data", "https://e.example/x.png", "", false},
		{"data after a control", "\x01data:image/png;base64,AAAA", "", false},
		{"kept", "data:image/png;base64,AAAA", "data:image/png;base64,AAAA", true},
		{"trimmed, lower case", " \tDATA:IMAGE/Png;Base64,AAAA\n", "data:image/png;base64,AAAA", true},
		{"one pad", "data:image/gif;base64,AAE=", "data:image/gif;base64,AAE=", true},
		{"two pads", "data:image/gif;base64,AQ==", "data:image/gif;base64,AQ==", true},
		{"at the size limit", "data:image/png;base64,AAAAAAAA", "data:image/png;base64,AAAAAAAA", true},
		{"over the size limit", "data:image/png;base64,AAAAAAAAAA==", "", true},
		{"type not listed", "data:image/jpeg;base64,AAAA", "", true},
		{"svg", "data:image/svg+xml;base64,PHN2Zz4=", "", true},
		{"no base64", "data:image/png,AAAA", "", true},
		{"parameter", "data:image/png;x=y;base64,AAAA", "", true},
		{"empty body", "data:image/png;base64,", "", true},
		{"unpadded", "data:image/png;base64,AAA", "", true},
		{"three pads", "data:image/png;base64,A===", "", true},
		{"pad inside", "data:image/png;base64,A=AA", "", true},
		{"url-safe alphabet", "data:image/png;base64,AA-_", "", true},
		{"space inside", "data:image/png;base64,AA AA", "", true},
		{"newline inside", "data:image/png;base64,AA\nAA", "", true},
		{"percent escape", "data:image/png;base64,AA%41A", "", true},
		{"loose bits, one pad", "data:image/gif;base64,AAF=", "", true},
		{"loose bits, two pads", "data:image/gif;base64,AR==", "", true},
		{"fragment", "data:image/png;base64,AAAA#x", "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, isData := d.Check(tc.in)
			if got != tc.want || isData != tc.isData {
				t.Errorf("Check(%q) = %q, %v, want %q, %v", tc.in, got, isData, tc.want, tc.isData)
			}
		})
	}
}

// TestDataImagesCheckLong: a body of a million groups is read in one pass
// (a quadratic check would take minutes) and measured exactly.
func TestDataImagesCheckLong(t *testing.T) {
	body := strings.Repeat("AAAA", 1<<20)
	d := DataImages{Types: []string{"image/png"}, MaxBytes: 3 << 20}
	if got, _ := d.Check("data:image/png;base64," + body); got == "" {
		t.Error("a body of exactly MaxBytes is refused")
	}
	d.MaxBytes--
	if got, _ := d.Check("data:image/png;base64," + body); got != "" {
		t.Error("a body of MaxBytes+1 is kept")
	}
}

func TestAuthorLinks(t *testing.T) {
	a := Author{Rel: map[string]bool{"tag": true, "me": true}, Targets: map[string]bool{"_blank": true, "w": true}}
	if got, want := a.MergeRel("nofollow ugc", "ME tag\u00a0x opener me", []string{"noopener"}), "me nofollow noopener ugc"; got != want {
		t.Errorf("MergeRel = %q, want %q", got, want)
	}
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{{"_BLANK", "_blank", true}, {"w", "w", true}, {"W", "W", false}, {"", "", false}, {"_self", "_self", false}} {
		if got, ok := a.Target(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("Target(%q) = %q, %v, want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
	for t2, want := range map[string]bool{"_blank": true, "w": true, "_self": false, "_top": false, "_parent": false, "": false} {
		if OpensWindow(t2) != want {
			t.Errorf("OpensWindow(%q) = %v", t2, !want)
		}
	}
}
