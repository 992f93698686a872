package policy

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// urlBearing lists, independently of the table, the attributes that
// carry URLs (one, several, or in CSS), from
// the WHATWG HTML attribute index, its obsolete features, microdata and
// SVG 2. Each must have a kind that sends its value through urlnorm or the
// CSS check.
var urlBearing = []string{
	"href", "xlink:href", "src", "action", "formaction", "cite", "data",
	"poster", "background", "longdesc", "usemap", "manifest", "icon",
	"codebase", "classid", "lowsrc", "dynsrc", "datasrc", "pluginspage",
	"itemid", "srcset", "imagesrcset", "ping", "archive", "profile",
	"itemtype", "attributionsrc", "style", "fill", "stroke", "filter",
	"clip-path", "mask", "marker-start", "marker-mid", "marker-end", "cursor",
}

// TestKindTable checks the built-in table's names (each once: rules'
// TestKindTable): each a valid attribute name, every URL-bearing attribute of a checked kind,
// every attribute a preset allows known.
func TestKindTable(t *testing.T) {
	for _, name := range KnownAttributes() {
		if !attrRE.MatchString(name) {
			t.Errorf("%q is not an attribute name Compile accepts", name)
		}
	}
	for _, name := range urlBearing {
		if k := KindOf(name); k.Inert() || k == KindUnknown {
			t.Errorf("KindOf(%q) = %s, want a URL or CSS kind", name, k)
		}
	}
	for _, preset := range Presets() {
		c, _ := PresetConfig(preset)
		for _, a := range c.Attributes {
			if KindOf(a.Name) == KindUnknown {
				t.Errorf("%s: %q has no built-in kind", preset, a.Name)
			}
		}
	}
	tests := []struct {
		name string
		want Kind
	}{
		{"controls", KindBool}, {"muted", KindBool}, {"preload", KindEnum},
		{"itemprop", KindText}, {"itemscope", KindBool}, {"itemref", KindText},
		{"aria-label", KindText}, {"aria-describedby", KindText},
		{"aria-", KindUnknown}, {"aria-x1", KindUnknown},
		{"data-foo", KindUnknown}, {"x-foo", KindUnknown}, {"viewbox", KindNumber},
	}
	for _, tc := range tests {
		if got := KindOf(tc.name); got != tc.want {
			t.Errorf("KindOf(%q) = %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestKindNames: every kind a file may declare reads back as itself, and
// Inert holds exactly for the kinds sanitize passes unchecked.
func TestKindNames(t *testing.T) {
	inert := map[Kind]bool{KindText: true, KindEnum: true, KindBool: true, KindNumber: true}
	for k := KindUnknown; k <= KindNumber+1; k++ {
		got, ok := parseKind(k.String())
		want := k != KindUnknown && k <= KindNumber
		if ok != want || ok && got != k {
			t.Errorf("parseKind(%q) = %s, %v", k.String(), got, ok)
		}
		if k.Inert() != inert[k] {
			t.Errorf("%s.Inert() = %v", k, k.Inert())
		}
		if ok && !strings.Contains(declarable, k.String()) {
			t.Errorf("declarable does not list %s", k)
		}
	}
}

// TestUnknownKindRefused: an attribute the kind table does not know is
// not compiled as a URL (or anything else): such a policy is refused at
// the attribute's line, and a policy of known media and microdata
// attributes compiles with the right kinds.
func TestUnknownKindRefused(t *testing.T) {
	p, err := Load(strings.NewReader("extends: ugc\nadd:\n  elements: [video]\n  attributes:\n    - {name: controls, on: [video]}\n    - {name: muted, on: [video]}\n    - {name: preload, on: [video]}\n    - {name: itemprop, on: [span]}\n"), "p.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for attr, want := range map[string]Kind{"controls": KindBool, "muted": KindBool, "preload": KindEnum} {
		if got := p.r.Elements["video"].Attr(attr).Kind; got != want {
			t.Errorf("video[%s] kind = %s, want %s", attr, got, want)
		}
	}
	if got := p.r.Elements["span"].Attr("itemprop").Kind; got != KindText {
		t.Errorf("span[itemprop] kind = %s, want text", got)
	}
	for el, e := range p.r.Elements {
		for name, r := range e.Attrs {
			if r.Kind == KindUnknown {
				t.Errorf("%s[%s] compiled with no kind", el, name)
			}
		}
	}
}

// TestDeclaredKinds checks kind declarations: accepted where they add to
// the table, refused where they contradict it, another declaration, or a
// name that says it holds a URL.
func TestDeclaredKinds(t *testing.T) {
	head := "extends: basic\nadd:\n  attributes:\n"
	tests := []struct {
		name, attrs string
		field, msg  string // field "" means it loads
		want        Kind   // of span[the first attribute]
	}{
		{"unknown", "    - {name: x-foo, on: [span]}\n", "add.attributes[0].name", "not a known attribute", 0},
		{"data-unknown", "    - {name: data-foo}\n", "add.attributes[0].name", "kind: ", 0},
		{"declared-text", "    - {name: x-foo, kind: text}\n", "", "", KindText},
		{"declared-once-used-twice", "    - {name: x-foo, kind: enum, on: [b]}\n    - {name: x-foo, on: [span]}\n", "", "", KindEnum},
		{"declared-url", "    - {name: data-src, kind: url}\n", "", "", KindURL},
		{"declared-srcset", "    - {name: data-srcset, kind: srcset}\n", "", "", KindSrcset},
		{"builtin-repeated", "    - {name: dir, kind: enum}\n", "", "", KindEnum},
		{"aria", "    - {name: aria-label}\n", "", "", KindText},
		{"href-as-text", "    - {name: href, kind: text}\n", "add.attributes[0].kind", `"href" is a url attribute; it cannot be declared text`, 0},
		{"style-as-text", "    - {name: style, kind: text}\n", "add.attributes[0].kind", "is a css attribute", 0},
		{"srcset-as-url", "    - {name: srcset, kind: url}\n", "add.attributes[0].kind", "is a srcset attribute", 0},
		{"urlish-as-text", "    - {name: data-src, kind: text}\n", "add.attributes[0].kind", "named like a URL attribute", 0},
		{"urlish-as-css", "    - {name: x-image-url, kind: css}\n", "add.attributes[0].kind", "named like a URL attribute", 0},
		{"urlish-bg", "    - {name: data-bg, kind: number}\n", "add.attributes[0].kind", "named like a URL attribute", 0},
		{"bad-kind", "    - {name: x-foo, kind: string}\n", "add.attributes[0].kind", `"string" is not a kind`, 0},
		{"conflict", "    - {name: x-foo, kind: text}\n    - {name: x-foo, kind: number}\n", "add.attributes[1].kind", "declared text elsewhere", 0},
		{"event-handler", "    - {name: onclick, kind: text}\n", "add.attributes[0].name", "event handlers", 0},
		{"in-remove", "    - {name: title}\nremove:\n  attributes: [{name: title, kind: text}]\n", "remove.attributes[0].kind", "means nothing in remove", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Load(strings.NewReader(head+tc.attrs), "p.yaml")
			if tc.field == "" {
				if err != nil {
					t.Fatal(err)
				}
				name := strings.Fields(strings.TrimPrefix(tc.attrs, "    - {name: "))[0]
				name = strings.TrimSuffix(strings.TrimSuffix(name, ","), "}")
				el := p.r.Elements["span"]
				if strings.Contains(tc.attrs, "on: [b]") {
					el = p.r.Elements["b"]
				}
				if got := el.Attr(name).Kind; got != tc.want {
					t.Errorf("kind of %s = %s, want %s", name, got, tc.want)
				}
				return
			}
			ces := configErrors(t, err)
			if len(ces) != 1 {
				t.Fatalf("%d errors, want 1:\n%v", len(ces), err)
			}
			if ce := ces[0]; ce.Field != tc.field || !strings.Contains(ce.Msg, tc.msg) || ce.Line < 4 {
				t.Errorf("got %s:%d %s: %s, want field %s, message with %q", ce.File, ce.Line, ce.Field, ce.Msg, tc.field, tc.msg)
			}
		})
	}
}

// TestDeclaredKindsRoundTrip: a policy with declared kinds prints them,
// and what it prints loads back to the same policy; the built-in kinds
// are not printed.
func TestDeclaredKindsRoundTrip(t *testing.T) {
	files := []string{filepath.Join("..", "testdata", "policies", "permissive.yaml")}
	own := filepath.Join(t.TempDir(), "kinds.yaml")
	src := "extends: ugc\nadd:\n  attributes:\n    - {name: x-foo, kind: text, on: [p]}\n    - {name: data-src, kind: url, on: [img]}\n    - {name: data-n, kind: number, match: '[0-9]+'}\n"
	if err := os.WriteFile(own, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	files = append(files, own)
	for _, f := range files {
		p, err := LoadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Load(strings.NewReader(p.String()), "printed.yaml")
		if err != nil {
			t.Fatalf("%s: printed policy does not load: %v\n%s", f, err, p)
		}
		if diff := cmp.Diff(p.Config(), again.Config()); diff != "" {
			t.Errorf("%s: round trip changed the policy (-want +got):\n%s", f, diff)
		}
		if again.String() != p.String() {
			t.Errorf("%s: printed twice differently", f)
		}
		for _, a := range p.Config().Attributes {
			if builtin := KindOf(a.Name) != KindUnknown; builtin == (a.Kind != "") {
				t.Errorf("%s: printed %s with kind %q", f, a.Name, a.Kind)
			}
		}
	}
	p, _ := LoadFile(own)
	if got := p.r.Elements["img"].Attr("data-src").Kind; got != KindURL {
		t.Errorf("img[data-src] kind = %s, want url", got)
	}
}

// TestCompileAttributeKinds: Compile in code follows the same rules, and
// names the setting.
func TestCompileAttributeKinds(t *testing.T) {
	_, err := Compile(Config{Elements: []string{"p"}, Attributes: []Attribute{{Name: "title"}, {Name: "x-foo"}}})
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Field != "attributes[1].name" {
		t.Fatalf("Compile = %v, want an error at attributes[1].name", err)
	}
	p, err := Compile(Config{Elements: []string{"p"}, Attributes: []Attribute{{Name: "x-foo", Kind: "boolean"}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.r.Elements["p"].Attr("x-foo").Kind; got != KindBool {
		t.Errorf("kind = %s, want boolean", got)
	}
}
