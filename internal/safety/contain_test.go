package safety

import "testing"

// TestLeaks shows the check passes contained output and catches each way
// of leaking: parsed by hand from WHATWG HTML §13.2.6, not by running the
// sanitiser.
func TestLeaks(t *testing.T) {
	tests := []struct {
		name, out string
		leaks     bool
	}{
		{"empty", "", false},
		{"text", "a &lt; b", false},
		{"balanced", "<p><b>x</b></p><ul><li>1</li></ul>", false},
		{"svg-closed", `<svg><rect/><desc><b>x</b></desc></svg>`, false},
		{"table", "<table><tr><td>x</td></tr></table>", false},
		{"foster-parented", "<table><b>x</b></table>", false},
		{"unclosed-link", `<a href="/x">x`, true},
		{"unclosed-div", "<div>x", true},
		{"stray-end-div", "x</div>y", true},
		{"stray-end-div-at-end", "x</div>", true},
		{"svg-br-breakout", `<svg><br><a href="/x"/></svg>`, true},
		{"svg-desc-self-closing", `<svg><desc><rect/></desc></svg>`, true},
		{"svg-unclosed", `<svg><g>`, false}, // the page's </div> ends it (§13.2.6.5)
		{"nested-table-in-div", `<table><div><table></table></div></table>x`, true},
		{"end-body", "</body>x", false}, // ignored: #o and #a are open
		{"end-p-creates-p", "</p>", false},
		{"unclosed-button", "<button>x", false}, // the page's </div> ends it
		{"unclosed-bold", "<b>x", true},         // reopens around the page's text
		{"comment", "<!-- x -->", false},
		{"unclosed-comment", "<!-- x", true},
		{"plaintext", "<plaintext>", true},
		{"title-rcdata", "<title>", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Leaks(tc.out)
			if (len(got) > 0) != tc.leaks {
				t.Errorf("Leaks(%q) = %q, want leaks=%v", tc.out, got, tc.leaks)
			}
		})
	}
}
