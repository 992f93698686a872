package policy

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestEmbedsLoadErrors: every mistake in an embeds setting is reported
// with the file, its line and the setting.
func TestEmbedsLoadErrors(t *testing.T) {
	hosts := func(hs string) string { return "extends: ugc\nembeds:\n  hosts: [" + hs + "]\n" }
	many := strings.Repeat("a.example, ", 100) + "b.example"
	tests := []struct {
		name, file string
		line       int
		field, msg string
	}{
		{"host-wildcard", hosts(`player.vimeo.com, "*.vimeo.com"`), 3, "embeds.hosts[1]", "is a wildcard"},
		{"host-ipv4", hosts("192.0.2.1"), 3, "embeds.hosts[0]", "is an IP address"},
		{"host-ends-in-number", hosts("media.0x1f"), 3, "embeds.hosts[0]", "ends in a number"},
		{"host-ipv6", hosts(`"[::1]"`), 3, "embeds.hosts[0]", "is an IP address"},
		{"host-port", hosts(`"player.vimeo.com:443"`), 3, "embeds.hosts[0]", "has a port"},
		{"host-url", hosts(`"https://player.vimeo.com/"`), 3, "embeds.hosts[0]", "is a URL or has a path"},
		{"host-upper-case", hosts("Player.Vimeo.com"), 3, "embeds.hosts[0]", "is not lower case"},
		{"host-unicode", hosts("bücher.example"), 3, "embeds.hosts[0]", "xn-- form"},
		{"host-single-label", hosts("localhost"), 3, "embeds.hosts[0]", "is not a DNS host name"},
		{"host-trailing-dot", hosts("player.vimeo.com."), 3, "embeds.hosts[0]", "is not a DNS host name"},
		{"host-underscore", hosts("a_b.example"), 3, "embeds.hosts[0]", "is not a DNS host name"},
		{"host-bad-punycode", hosts("xn--a.example"), 3, "embeds.hosts[0]", "is not a valid host name"},
		{"host-empty", hosts(`""`), 3, "embeds.hosts[0]", "is empty"},
		{"host-too-many", hosts(many), 3, "embeds.hosts", "at most 100"},
		{"host-own-site", "extends: ugc\nlinks:\n  internal_hosts: [forum.example]\nembeds:\n  hosts: [player.vimeo.com, forum.example]\n", 5, "embeds.hosts[1]", "can remove its sandbox"},
		{"host-own-base", "extends: ugc\nurls:\n  base: https://forum.example/\nembeds:\n  hosts: [forum.example]\n", 5, "embeds.hosts[0]", "site's own host"},
		{"hosts-not-a-list", "extends: ugc\nembeds:\n  hosts: player.vimeo.com\n", 3, "embeds.hosts", "cannot unmarshal"},
		{"unknown-setting", "extends: ugc\nembeds:\n  host: [player.vimeo.com]\n", 3, "embeds.host", `unknown setting "host"`},
		{"no-https", "extends: ugc\nremove:\n  schemes: [https]\nembeds:\n  hosts: [player.vimeo.com]\n", 5, "embeds.hosts", "add https to urls.schemes"},
		{"sandbox-top-navigation", "extends: ugc\nembeds:\n  hosts: [player.vimeo.com]\n  sandbox: [allow-scripts, allow-top-navigation]\n", 4, "embeds.sandbox[1]", "navigate the page away"},
		{"sandbox-top-navigation-by-user-activation", "extends: ugc\nembeds:\n  hosts: [player.vimeo.com]\n  sandbox: [allow-top-navigation-by-user-activation]\n", 4, "embeds.sandbox[0]", "never allowed"},
		{"sandbox-popups-escape", "extends: ugc\nembeds:\n  hosts: [player.vimeo.com]\n  sandbox: [allow-popups-to-escape-sandbox]\n", 4, "embeds.sandbox[0]", "without the sandbox"},
		{"sandbox-modals", "extends: ugc\nembeds:\n  hosts: [player.vimeo.com]\n  sandbox: [allow-modals]\n", 4, "embeds.sandbox[0]", "dialogs"},
		{"sandbox-forms", "extends: ugc\nembeds:\n  hosts: [player.vimeo.com]\n  sandbox: [allow-forms]\n", 4, "embeds.sandbox[0]", "never allowed"},
		{"sandbox-unknown", "extends: ugc\nembeds:\n  hosts: [player.vimeo.com]\n  sandbox: [allow-script]\n", 4, "embeds.sandbox[0]", "is not one of allow-scripts"},
		{"sandbox-empty", "extends: ugc\nembeds:\n  hosts: [player.vimeo.com]\n  sandbox: []\n", 4, "embeds.sandbox", "an empty list"},
		{"sandbox-without-hosts", "extends: ugc\nembeds:\n  sandbox: [allow-scripts]\n", 3, "embeds.sandbox", "without embeds.hosts"},
		{"iframe-element-with-embeds", "extends: ugc\nadd:\n  elements: [iframe]\nembeds:\n  hosts: [player.vimeo.com]\n", 3, "add.elements[0]", `"iframe" is never allowed`},
		{"iframe-attribute", "extends: ugc\nadd:\n  attributes:\n    - {name: allow, kind: text, on: [iframe]}\nembeds:\n  hosts: [player.vimeo.com]\n", 4, "add.attributes[0].on", "none of [iframe] is an allowed element"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkLoadError(t, tc.file, tc.line, tc.field, tc.msg)
		})
	}
}

// TestEmbedsGoAPI: the same setting built in code: what it compiles to,
// and errors naming the field.
func TestEmbedsGoAPI(t *testing.T) {
	c, err := PresetConfig("ugc")
	if err != nil {
		t.Fatal(err)
	}
	c.Embeds = Embeds{Hosts: []string{"www.youtube-nocookie.com", "player.vimeo.com", "player.vimeo.com"},
		Sandbox: []string{"allow-presentation", "allow-scripts"}}
	p, err := Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.r.Sandbox, "allow-scripts allow-presentation"; got != want {
		t.Errorf("EmbedSandbox() = %q, want %q (the written order)", got, want)
	}
	want := Embeds{Hosts: []string{"player.vimeo.com", "www.youtube-nocookie.com"}, Sandbox: []string{"allow-scripts", "allow-presentation"}}
	if diff := cmp.Diff(want, p.Config().Embeds); diff != "" {
		t.Errorf("Config().Embeds (-want +got):\n%s", diff)
	}
	for h, want := range map[string]bool{"player.vimeo.com": true, "vimeo.com": false, "www.youtube.com": false, "": false} {
		if got := p.r.EmbedHost(h); got != want {
			t.Errorf("EmbedHost(%q) = %v, want %v", h, got, want)
		}
	}
	el := p.r.Elements["iframe"]
	if el == nil {
		t.Fatal("no iframe element")
	}
	for attr, values := range map[string]map[string]bool{
		"src": {
			"https://player.vimeo.com/video/1": true, "https://player.vimeo.com/": true,
			"https://player.vimeo.com": false, "https://evil.example/": false,
			"https://player.vimeo.com.evil.example/": false, "https://player.vimeo.com:444/": false,
			"https://u@player.vimeo.com/": false, "http://player.vimeo.com/": false,
		},
		"sandbox":         {"allow-scripts allow-presentation": true, "allow-scripts": false, "": false},
		"width":           {"560": true, "100%": false, "": false, "123456": false},
		"frameborder":     {"0": true, "yes": false},
		"allowfullscreen": {"": true, "AllowFullScreen": true, "false": false},
		"referrerpolicy":  {"strict-origin-when-cross-origin": true, "no-referrer": true, "unsafe-url": false, "no-referrer-when-downgrade": false},
		"title":           {"any text": true},
	} {
		r := el.Attr(attr)
		if r == nil {
			t.Errorf("iframe has no %s rule", attr)
			continue
		}
		for v, want := range values {
			if got := r.Allows(v); got != want {
				t.Errorf("iframe %s: Allows(%q) = %v, want %v", attr, v, got, want)
			}
		}
	}
	for _, attr := range []string{"srcdoc", "name", "allow", "style", "class", "id", "csp"} {
		if el.Attr(attr) != nil {
			t.Errorf("iframe allows %s", attr)
		}
	}

	// Errors name the field, as in a file.
	c.Embeds = Embeds{Hosts: []string{"ok.example", "*.example"}, Sandbox: []string{"allow-popups"}}
	_, err = Compile(c)
	for _, field := range []string{"embeds.hosts[1]", "embeds.sandbox[0]"} {
		if err == nil || !strings.Contains(err.Error(), "policy: "+field+": ") {
			t.Errorf("no error naming %s in %v", field, err)
		}
	}
}

// TestEmbedsNeverElsewhere: no preset allows iframe; a policy's other
// settings (attributes and styles without `on`) never reach it; a
// policy with embeds prints as YAML that loads back to the same policy.
func TestEmbedsNeverElsewhere(t *testing.T) {
	for _, name := range Presets() {
		p, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		if p.r.Elements["iframe"] != nil || p.r.Sandbox != "" || len(p.Config().Embeds.Hosts) > 0 {
			t.Errorf("preset %s allows iframe", name)
		}
	}
	p, err := Load(strings.NewReader("extends: ugc\nattributes:\n  - {name: class}\n  - {name: allow, kind: text, on: [iframe]}\nstyles:\n  - {property: color, values: color}\nembeds:\n  hosts: [player.vimeo.com]\n"), "p.yaml")
	if err != nil {
		t.Fatal(err)
	}
	el := p.r.Elements["iframe"]
	if el == nil || p.r.Elements["p"].Attr("class") == nil || p.r.Elements["p"].Attr("style") == nil {
		t.Fatal("the policy did not compile as written")
	}
	for _, attr := range []string{"class", "allow", "style"} {
		if el.Attr(attr) != nil {
			t.Errorf("iframe allows %s", attr)
		}
	}
	for _, a := range p.Config().Attributes {
		if len(a.On) > 0 && a.On[0] == "iframe" || a.Name == "sandbox" {
			t.Errorf("iframe's rules written back as an attribute: %+v", a)
		}
	}
	again, err := Load(strings.NewReader(p.String()), "printed.yaml")
	if err != nil {
		t.Fatalf("printed policy does not load: %v\n%s", err, p.String())
	}
	if diff := cmp.Diff(p.Config(), again.Config()); diff != "" {
		t.Errorf("round trip changed the policy (-first +again):\n%s", diff)
	}
	if !strings.Contains(p.String(), "sandbox: [allow-scripts, allow-same-origin, allow-presentation]") {
		t.Errorf("the default sandbox is not printed:\n%s", p.String())
	}
}
