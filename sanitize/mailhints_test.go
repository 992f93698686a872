package sanitize

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/policy"
)

// mailOnce sanitises in under p, in memory and streamed, checks the two
// agree and that the output is a fixed point, and returns it and the
// report.
func mailOnce(t *testing.T, in string, p *policy.Policy) (string, []Change) {
	t.Helper()
	got, changes, err := stringReport(in, p)
	if err != nil {
		t.Fatal(err)
	}
	sameStreamed(t, in, got, p)
	again, more, err := stringReport(got, p)
	if err != nil || again != got || changed(more) {
		t.Errorf("not a fixed point: %v %v\nonce:  %q\ntwice: %q", err, more, got, again)
	}
	return got, changes
}

// sameStreamed checks that in, streamed under p, gives got, its output
// in memory.
func sameStreamed(t *testing.T, in, got string, p *policy.Policy) {
	t.Helper()
	var streamed bytes.Buffer
	if err := runStream(&streamed, strings.NewReader(in), p, nil); err != nil {
		t.Fatal(err)
	}
	if streamed.String() != got {
		t.Errorf("streamed %q\nin memory %q", streamed.String(), got)
	}
}

// TestMailBodyAttributesYieldToSheets: the body's presentational
// attributes rank below every rule of the mail's sheets, as in a
// browser: they are the sheet's first rules, not the wrapper's inline
// style, and a rule of the mail for the same element comes after them.
func TestMailBodyAttributesYieldToSheets(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{
			name: "bgcolor-under-body-rule",
			in:   `<html><head><style>body{background:#eee}</style></head><body bgcolor="#ffffff"><p>x</p></body></html>`,
			want: wrapOpen + `"><p>x</p><style>@scope{:scope.htmlclean-mail{background-color:#ffffff}` + "\n" +
				":scope.htmlclean-mail{background:#eee}\n}</style></div>",
		},
		{
			name: "link-under-a-rule",
			in:   `<style>a{color:red}</style><body link=#00f><a href="https://example.com/">l</a>`,
			want: wrapOpen + `"><a href="https://example.com/" rel="noopener noreferrer" target="_blank">l</a>` +
				"<style>@scope{:scope.htmlclean-mail a{color:#00f}\n:scope.htmlclean-mail a{color:red}\n}</style></div>",
		},
		{
			name: "text-under-body-rule",
			in:   `<style>body{color:red}</style><body text=#00f>x`,
			want: wrapOpen + `">x<style>@scope{:scope.htmlclean-mail{color:#00f}` + "\n" +
				":scope.htmlclean-mail{color:red}\n}</style></div>",
		},
		{
			name: "sheet-in-body-after-hints",
			in:   `<body bgcolor=red text=blue><style>p{color:green}</style><p>x</p>`,
			want: wrapOpen + `"><p>x</p><style>@scope{:scope.htmlclean-mail{background-color:red;color:blue}` + "\n" +
				":scope.htmlclean-mail p{color:green}\n}</style></div>",
		},
		{
			name: "style-attribute-stays-inline",
			in:   `<style>body{color:red}</style><body text=#00f style="color:green">x`,
			want: wrapOpen + `; color: green">x<style>@scope{:scope.htmlclean-mail{color:#00f}` + "\n" +
				":scope.htmlclean-mail{color:red}\n}</style></div>",
		},
	}
	p := policy.Mail()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := mailOnce(t, tc.in, p)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("String(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestMailBodyStyleReportsDroppedDeclarations: each declaration of the
// body's style the wrapper does not carry is reported, as a style
// attribute's filtered declarations are.
func TestMailBodyStyleReportsDroppedDeclarations(t *testing.T) {
	in := `<body style="width:600px;margin:0 auto;color:red">x</body>`
	got, changes := mailOnce(t, in, policy.Mail())
	if want := wrapOpen + `; color: red">x</div>`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	var dropped []string
	for _, c := range changes {
		if c.Reason == ReasonCSSFiltered && c.Attribute == "style" {
			dropped = append(dropped, c.Element+" "+c.Before)
		}
	}
	if want := []string{"body width:600px", "body margin:0 auto"}; !slices.Equal(dropped, want) {
		t.Errorf("filtered declarations reported %q, want %q (report %v)", dropped, want, changes)
	}
}

// TestMailRemoteReportedEverywhere: every URL remote_content rewrites
// into the proxy is reported remote-proxied, and every one it refuses
// remote-blocked, wherever it is: an img's src and srcset, a table's or
// td's background, the body's background, a style attribute's url() and
// a sheet's.
func TestMailRemoteReportedEverywhere(t *testing.T) {
	in := `<style>.h{background-image:url(https://img.example/sheet.png)}</style>` +
		`<body background="https://img.example/body.png" style="background-image:url(https://img.example/bodystyle.png)">` +
		`<img src="https://img.example/src.png" alt=a><img srcset="https://img.example/set.png 2x" alt=b>` +
		`<table background="https://img.example/table.png"><tr><td background="https://img.example/td.png">t</td></tr></table>` +
		`<p style="background:url(https://img.example/style.png);color:red">p</p>`
	places := []string{"style url sheet.png", "body background body.png", "body style bodystyle.png", "img src src.png", "img srcset set.png",
		"table background table.png", "td background td.png", "p style style.png"}
	for _, tc := range []struct {
		remote string
		reason Reason
	}{{"proxy", ReasonRemoteProxied}, {"block", ReasonRemoteBlocked}} {
		t.Run(tc.remote, func(t *testing.T) {
			got, changes := mailOnce(t, in, mailPolicy(t, tc.remote))
			var reported []string
			for _, c := range changes {
				if c.Reason == tc.reason {
					file := c.Before[strings.LastIndex(c.Before, "/")+1:]
					file = strings.TrimSuffix(file, " 2x")
					reported = append(reported, fmt.Sprintf("%s %s %s", c.Element, c.Attribute, file))
				}
			}
			slices.Sort(reported)
			want := slices.Sorted(slices.Values(places))
			if diff := cmp.Diff(want, reported); diff != "" {
				t.Errorf("%s lines (-want +got):\n%s\nreport %v", tc.reason, diff, changes)
			}
			if strings.Contains(got, "https://img.example/") && tc.remote == "block" ||
				strings.Contains(got, `"https://img.example/`) || strings.Contains(got, "(https://img.example/") {
				t.Errorf("a remote URL left as written: %q", got)
			}
		})
	}
}
