package policy_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// settingNoEffect lists the settings whose zero value is not compared
// with the presets' by TestZeroConfigAsStrictAsPresets, with why it
// needs no comparison. Every other setting is checked on behaviour.
var settingNoEffect = map[string]string{
	"Extends":             "names where a file starts; a Config is already flat",
	"Elements":            "none allowed: the strictest list",
	"SVG":                 "none: no SVG",
	"MathML":              "none: no MathML",
	"Attributes":          "none allowed: the strictest list",
	"Classes":             "none: every class token dropped",
	"IDs.Prefix":          "none: no id or name kept (DOM clobbering)",
	"IDs.Keep":            "none: no id or name allowed by it; an entry's id is kept as written, as without the setting",
	"Container":           "a flow container, as in every preset; a narrower one can only unwrap more",
	"Add":                 "no edit",
	"Remove":              "no edit",
	"Styles":              "none: every style attribute dropped",
	"Unlisted":            "unwrap, as every preset but a SanitizerConfig's: an unlisted element's content is sanitised as the rest",
	"Drop":                "none: no element removed with its content beyond the policy's own",
	"Unwrap":              "none",
	"WordBreaks":          "off, as every preset but strict: keeps words apart for reading, no element or URL kept or refused by it",
	"BareElements":        "drop, as every preset: an element left with no attribute carries nothing either way",
	"Hooks":               "none: a hook is code, never a file's setting",
	"Embeds.Hosts":        "none: no iframe",
	"Embeds.Sandbox":      "all three tokens, but only with Hosts, which no preset sets; a policy may only narrow it",
	"MailConfig.Document": "fragment, as every preset but mail (see RemoteContent)",
	"MailConfig.Proxy":    "none: only with remote_content: proxy",
	"URLs.Schemes":        "none: no URL kept",
	"URLs.Base":           "none: only with relative: resolve",
	"URLs.Strict":         "off, as every preset: flags the presets name report keep their choice, the deceptive ones are rejected either way",
	"URLs.DenySchemes":    "none: only with schemes: [\"*\"]",
	"URLs.DataImages":     "none: no data: image kept",
	"Links.Rel":           "none, as the sanitizer-api preset: rel tokens tell search engines and the linked page, not the reader",
	"Links.RelOn":         "all: every link gets Rel",
	"Links.TargetBlank":   "off: links open where the reader clicks",
	"Links.AuthorRel":     "none: the author's rel is replaced",
	"Links.Targets":       "none: the author's target is dropped",
	"Links.InternalHosts": "none: every host is external",
	"CrossOrigin":         "none, as every preset: only writes crossorigin=anonymous",
}

// settingChecked lists the settings TestZeroConfigAsStrictAsPresets
// checks on behaviour.
var settingChecked = map[string]bool{
	"URLs.Flags": true, "URLs.Nested": true, "URLs.Relative": true, "URLs.Userinfo": true,
	"Links.TextMismatch": true, "Comments": true, "MailConfig.RemoteContent": true, "AllowTopLayer": true,
	"Limits.MaxInputBytes": true, "Limits.MaxDepth": true, "Limits.MaxTokenBytes": true,
	"Limits.MaxAttributeBytes": true, "Limits.MaxAttributes": true,
}

// leafSettings returns the settings of a struct type, by Go field path:
// nested structs of settings are opened, lists, maps and Hooks are one
// setting each.
func leafSettings(t reflect.Type, prefix string) []string {
	var out []string
	for f := range t.Fields() {
		path := prefix + f.Name
		if f.Type.Kind() == reflect.Struct && f.Name != "Hooks" && f.Name != "Add" && f.Name != "Remove" && f.Name != "DataImages" {
			out = append(out, leafSettings(f.Type, path+".")...)
			continue
		}
		out = append(out, path)
	}
	return out
}

// TestZeroConfigAsStrictAsPresets: every setting of policy.Config left
// out (the zero value, a file without it, with or without extends) is at
// least as strict as the presets, or is listed with why it has no safety
// effect; a new field fails the test until it is listed. The checked
// ones are compared on behaviour: a Config that allows only links, and
// a file that says only that, remove every deceptive link the presets
// remove.
func TestZeroConfigAsStrictAsPresets(t *testing.T) {
	settings := leafSettings(reflect.TypeFor[policy.Config](), "")
	if len(settings) < len(settingNoEffect)+len(settingChecked) {
		t.Errorf("found %d settings, fewer than the %d listed", len(settings), len(settingNoEffect)+len(settingChecked))
	}
	for _, path := range settings {
		_, listed := settingNoEffect[path]
		if !listed && !settingChecked[path] {
			t.Errorf("setting %s is neither checked nor listed as having no safety effect", path)
		}
		if listed && settingChecked[path] {
			t.Errorf("setting %s is both checked and listed", path)
		}
	}
	links := policy.Config{Elements: []string{"a", "p"}, Attributes: []policy.Attribute{{Name: "href", On: []string{"a"}}},
		URLs: policy.URLs{Schemes: []string{"http", "https"}}}
	fromCode, err := policy.Compile(links)
	if err != nil {
		t.Fatal(err)
	}
	fromFile, err := policy.Load(strings.NewReader("elements: [a, p]\nattributes: [{name: href, on: [a]}]\nurls: {schemes: [http, https]}\n"), "links.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// strict with links added: what the presets do with each URL.
	withLinks, err := policy.Load(strings.NewReader("extends: strict\nelements: [a, p]\nattributes: [{name: href, on: [a]}]\nurls: {schemes: [http, https]}\n"), "strict-links.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range safety.DeceptiveLinks {
		ref, err := sanitize.String(in, withLinks)
		if err != nil {
			t.Fatal(err)
		}
		ugc, err := sanitize.String(in, policy.UGC())
		if err != nil {
			t.Fatal(err)
		}
		if safety.HrefKept(ref) {
			t.Errorf("%s: the strict preset with links keeps it (%s): not a deceptive link", in, ref)
			continue
		}
		for name, p := range map[string]*policy.Policy{"Config{}": fromCode, "a file without extends": fromFile} {
			out, err := sanitize.String(in, p)
			if err != nil {
				t.Fatal(err)
			}
			if safety.HrefKept(out) {
				t.Errorf("%s: %s keeps the href the presets remove: %s", name, in, out)
			}
		}
		// The presets agree, relative references apart (ugc keeps a
		// site's own links, and writes relative: allow out).
		if safety.HrefKept(ugc) && !strings.Contains(in, `href="/`) {
			t.Errorf("%s: ugc keeps it: %s", in, ugc)
		}
	}
	// Comments: none kept.
	if out, _ := sanitize.String("<p>a<!--x-->b</p>", fromCode); strings.Contains(out, "<!--") {
		t.Errorf("Config{} keeps a comment: %s", out)
	}
	// allow_top_layer left out: a popover listed by the policy is still
	// dropped (the top layer covers the page whatever contains it).
	ugcTop, err := policy.PresetConfig("ugc")
	if err != nil {
		t.Fatal(err)
	}
	ugcTop.Add.Attributes = append(ugcTop.Add.Attributes, policy.Attribute{Name: "popover", On: []string{"div"}},
		policy.Attribute{Name: "popovertarget", On: []string{"button"}})
	ugcTop.Add.Elements = append(ugcTop.Add.Elements, "div", "button")
	if pt, err := policy.Compile(ugcTop); err != nil {
		t.Fatal(err)
	} else if out, _ := sanitize.String(`<button popovertarget=m>x</button><div popover id=m>y</div>`, pt); strings.Contains(out, "popover") {
		t.Errorf("a policy listing popover, allow_top_layer left out, keeps it: %s", out)
	}
	// remote_content left out under document: wrap blocks, as mail.
	mail, err := policy.PresetConfig("mail")
	if err != nil {
		t.Fatal(err)
	}
	mail.RemoteContent = ""
	p, err := policy.Compile(mail)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Config().RemoteContent; got != "block" {
		t.Errorf("mail with remote_content left out: %q, want block", got)
	}
	if out, _ := sanitize.String(`<html><body><img src="https://tracker.example/p.gif" alt="x"></body></html>`, p); strings.Contains(out, "tracker.example") {
		t.Errorf("remote_content left out under wrap keeps a remote image: %s", out)
	}
	// Limits left out are the defaults every preset has.
	if got, want := fromCode.Limits(), policy.UGC().Limits(); got != want {
		t.Errorf("Config{} limits %+v, presets' %+v", got, want)
	}
	if c := fromCode.Config(); c.URLs.Userinfo != "reject" || c.URLs.Relative != "deny" || c.URLs.Nested == nil || !*c.URLs.Nested {
		t.Errorf("Config{} URL rules %+v, want userinfo reject, relative deny, nested on", c.URLs)
	}
}
