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

// TestLeaksIn shows the check passes contained output in each host and
// catches what leaves one: worked out by hand from WHATWG HTML §13.2.6.4.7.
func TestLeaksIn(t *testing.T) {
	hosts := map[string]Host{}
	for _, h := range Hosts() {
		hosts[h.Name] = h
	}
	if len(hosts) < 15 {
		t.Fatalf("only %d hosts", len(hosts))
	}
	tests := []struct {
		host, out string
		leaks     bool
	}{
		{"ol-li", "<li>suspended</li>", true}, // closes the page's item
		{"ul-li", "<div><li>x</li></div>", true},
		{"ul-li", "<ul><li>x</li></ul>", false},
		{"ul-li", "<section><li>x</li></section>", false},
		{"dl-dd", "<dd>x</dd>", true},
		{"dl-dd", "<dt>x</dt>", true},
		{"dl-dd", "<dl><dt>x</dt></dl>", false},
		{"td", "<td>x</td>", true},
		{"td", "</td>x", true},
		{"td", "<tr>x", true},
		{"td", "<table><tr><td>x</td></tr></table>", false},
		{"p", "</p>x", true},
		{"p", "<b>x</b>", false},
		{"p", "<div>x</div>", false}, // not phrasing: a p cannot hold it
		{"div", "x</div>", true},
		{"div", "<p>x", false},
		{"a", "<b>x</b>", false},
		{"a", "</a>x", true},
		{"button", "</button>x", true},
		{"form", "</form>x", true},
		{"form", "<input>", false},
		{"details", "</details>x", true},
		{"details", "<summary>x</summary>", false},
		{"blockquote", "<ul><li>x</ul>", false},
		{"blockquote", "</blockquote>x", true},
		{"pre", "x</pre>y", true},
		{"h1", "<b>x", true}, // reopened around the page's text
		{"h1", "</h1>x", true},
		{"span", "</span>x", true},
		{"ruby", "<rt>x</rt>y", false}, // a ruby in scope, but the ruby is current
		{"ruby", "</ruby>x", true},
	}
	for _, tc := range tests {
		t.Run(tc.host+"/"+tc.out, func(t *testing.T) {
			got := LeaksIn(tc.out, hosts[tc.host])
			if (len(got) > 0) != tc.leaks {
				t.Errorf("LeaksIn(%q, %s) = %q, want leaks=%v", tc.out, tc.host, got, tc.leaks)
			}
		})
	}
}

// TestFits pins the content models of the hosts.
func TestFits(t *testing.T) {
	tests := []struct {
		out   string
		model Model
		want  bool
	}{
		{"<div>x</div>", Flow, true},
		{"<div>x</div>", Phrasing, false},
		{"<b>x</b><svg><g></g></svg>", Phrasing, true},
		{"<b><a href=x>x</a></b>", PhrasingNoInteractive, false},
		{"<b><a href=x>x</a></b>", Phrasing, true},
		{"<div><form></form></div>", FlowNoForm, false},
		{"<div><input></div>", FlowNoForm, true},
	}
	for _, tc := range tests {
		if got := Fits(tc.out, tc.model); got != tc.want {
			t.Errorf("Fits(%q, %d) = %v, want %v", tc.out, tc.model, got, tc.want)
		}
	}
}
