package policy

import (
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// TestMailSettings: document, remote_content and proxy compile to the
// rules sanitize reads, and every mistake names its setting.
func TestMailSettings(t *testing.T) {
	tests := []struct {
		name, yaml string
		field      string // the setting an error names, or "" for none
		want       rules.Mail
	}{
		{name: "preset", yaml: "extends: mail\n", want: rules.Mail{Wrap: true, Remote: rules.RemoteBlock}},
		{name: "allow", yaml: "extends: mail\nremote_content: allow\n", want: rules.Mail{Wrap: true}},
		{name: "proxy", yaml: "extends: mail\nremote_content: proxy\nproxy: https://proxy.example/img?u={url}\n",
			want: rules.Mail{Wrap: true, Remote: rules.RemoteProxy, ProxyBefore: "https://proxy.example/img?u="}},
		{name: "proxy-path", yaml: "extends: mail\nremote_content: proxy\nproxy: https://proxy.example/i/{url}/x\n",
			want: rules.Mail{Wrap: true, Remote: rules.RemoteProxy, ProxyBefore: "https://proxy.example/i/", ProxyAfter: "/x"}},
		{name: "fragment", yaml: "extends: ugc\ndocument: fragment\n"},
		{name: "bad-document", yaml: "extends: mail\ndocument: whole\n", field: "document"},
		{name: "bad-remote", yaml: "extends: mail\nremote_content: some\n", field: "remote_content"},
		{name: "proxy-missing", yaml: "extends: mail\nremote_content: proxy\n", field: "proxy"},
		{name: "proxy-without-mode", yaml: "extends: mail\nproxy: https://p.example/?u={url}\n", field: "proxy"},
		{name: "proxy-no-placeholder", yaml: "extends: mail\nremote_content: proxy\nproxy: https://p.example/\n", field: "proxy"},
		{name: "proxy-twice", yaml: "extends: mail\nremote_content: proxy\nproxy: https://p.example/{url}?u={url}\n", field: "proxy"},
		{name: "proxy-in-host", yaml: "extends: mail\nremote_content: proxy\nproxy: https://{url}.p.example/\n", field: "proxy"},
		{name: "proxy-relative", yaml: "extends: mail\nremote_content: proxy\nproxy: /img?u={url}\n", field: "proxy"},
		{name: "proxy-javascript", yaml: "extends: mail\nremote_content: proxy\nproxy: javascript:{url}\n", field: "proxy"},
		{name: "proxy-not-canonical", yaml: "extends: mail\nremote_content: proxy\nproxy: HTTPS://P.example/?u={url}\n", field: "proxy"},
		{name: "proxy-fragment", yaml: "extends: mail\nremote_content: proxy\nproxy: https://p.example/?u={url}#x\n", field: "proxy"},
		{name: "wrap-without-div", yaml: "extends: basic\ndocument: wrap\n", field: "document"},
		{name: "wrap-class-whole", yaml: "extends: mail\nadd:\n  attributes: [{name: class, on: [p]}]\n", field: "document"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Load(strings.NewReader(tc.yaml), "p.yaml")
			if tc.field != "" {
				errs := configErrors(t, err)
				if len(errs) == 0 || errs[0].Field != tc.field {
					t.Fatalf("Load(%q) = %v, want an error naming %s", tc.yaml, err, tc.field)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Rules(rules.Key{}).Mail; got != tc.want {
				t.Errorf("Load(%q) mail rules = %+v, want %+v", tc.yaml, got, tc.want)
			}
		})
	}
}

// TestMailProxied: the URL goes into the template percent-encoded, and a
// proxy URL is recognised as one.
func TestMailProxied(t *testing.T) {
	m := rules.Mail{Remote: rules.RemoteProxy, ProxyBefore: "https://p.example/?u=", ProxyAfter: "&s=1"}
	got := m.Proxied("https://img.example/a b?x=1&y=#f")
	if want := "https://p.example/?u=https%3A%2F%2Fimg.example%2Fa+b%3Fx%3D1%26y%3D%23f&s=1"; got != want {
		t.Errorf("Proxied = %q, want %q", got, want)
	}
	if !m.IsProxied(got) || m.IsProxied("https://img.example/") {
		t.Error("IsProxied misjudges")
	}
}

// TestWrapClassErrorNamesFirstElement: where class is allowed whole on
// several elements, document: wrap's error names the first by name, the
// same on every load (not the first a map happens to yield).
func TestWrapClassErrorNamesFirstElement(t *testing.T) {
	const yaml = "extends: mail\nadd:\n  attributes: [{name: class, on: [pre, code, p, table]}]\n"
	for range 20 {
		_, err := Load(strings.NewReader(yaml), "p.yaml")
		if err == nil || !strings.Contains(err.Error(), "not allowed whole on code by attributes") {
			t.Fatalf("Load = %v, want an error naming code", err)
		}
	}
}
