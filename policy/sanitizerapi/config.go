package sanitizerapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/htmlclean/htmlclean/internal/excerpt"
	"github.com/htmlclean/htmlclean/policy"
)

// The namespaces the HTML Sanitizer API names elements and attributes
// in (https://wicg.github.io/sanitizer-api/, "canonicalize a sanitizer
// element"; the HTML parser puts elements in only these three).
const (
	NamespaceHTML   = "http://www.w3.org/1999/xhtml"
	NamespaceSVG    = "http://www.w3.org/2000/svg"
	NamespaceMathML = "http://www.w3.org/1998/Math/MathML"
	NamespaceXLink  = "http://www.w3.org/1999/xlink"
	NamespaceXML    = "http://www.w3.org/XML/1998/namespace"
	NamespaceXMLNS  = "http://www.w3.org/2000/xmlns/"
)

// Config is the configuration dictionary of the HTML Sanitizer
// API (the SanitizerConfig of Element.setHTML and new Sanitizer), as
// [Parse] reads it and [Export] writes it.
//
// A nil list is a member the dictionary does not have; an empty non-nil
// list is one it has, empty: the spec tells them apart (an absent
// elements list allows every element, an empty one none). The zero value
// is the empty dictionary {}, which the spec reads as "remove nothing but
// what is unsafe".
type Config struct {
	Elements                    []Element
	RemoveElements              []Name
	ReplaceWithChildrenElements []Name
	Attributes                  []Name
	RemoveAttributes            []Name
	Comments                    *bool
	DataAttributes              *bool
	// JavascriptURLs is the javascriptURLs member. htmlclean keeps no
	// javascript: URL whatever it says; it is read and written back so
	// that a browser's dictionary loads.
	JavascriptURLs *bool
	// ProcessingInstructions and RemoveProcessingInstructions are the
	// targets those lists name. The HTML parser makes no processing
	// instruction, so they change nothing; they are written back.
	ProcessingInstructions       []string
	RemoveProcessingInstructions []string
	// Notes is the "//" member: what [Export] could not express.
	// Browsers ignore unknown members, and Parse ignores this one, so a
	// written config loads in both.
	Notes []string
	// ignored are the members Parse skipped as unknown, as a browser
	// does, for PolicyConfig's notes.
	ignored []string
	// builtin says the dictionary is the browser's built-in default,
	// which Parse read for the preset name "default": PolicyConfig maps
	// it as the sanitizer-api preset does.
	builtin bool
	// container is the container ParseOptions.Context maps to, or "".
	container string
}

// Name names an element or attribute: a string in the dictionary, or
// {name, namespace}. Namespace is canonical: an element's
// is never empty (HTML by default), an attribute's is empty for null
// (the default, and what every attribute of an HTML element has).
type Name struct {
	Name      string
	Namespace string
	// isElement says which default Namespace has, for MarshalJSON.
	isElement bool
}

// Element is an entry of Config.Elements: a name, and the attributes
// allowed or removed on that element only. Nil lists are absent members,
// as in Config.
type Element struct {
	Name
	Attributes       []Name
	RemoveAttributes []Name
}

// isDefaultPreset reports whether data is the JSON string "default", the
// one SanitizerPresets value: setHTML(html, {sanitizer: "default"}) and
// new Sanitizer("default") take the browser's built-in default for it.
// Any other string is refused, as the browser throws on one.
func isDefaultPreset(data []byte) bool {
	t := bytes.TrimSpace(data)
	var s string
	return len(t) > 0 && t[0] == '"' && json.Unmarshal(t, &s) == nil && s == "default"
}

// sanitizerKeys are the members of the dictionary, in the spec's order.
var sanitizerKeys = []string{"elements", "removeElements", "replaceWithChildrenElements",
	"attributes", "removeAttributes", "comments", "dataAttributes", "javascriptURLs",
	"processingInstructions", "removeProcessingInstructions"}

// Parse reads a SanitizerConfig dictionary written as JSON and checks it as the spec's "valid" does: not both elements and
// removeElements, not both attributes and removeAttributes, no duplicates,
// no name both kept and replaced by its children, and the rules for
// per-element lists and dataAttributes, and not both processing
// instruction lists nor a target twice. As a browser does (Chromium 156,
// which WPT's sanitizer-config.html holds to the spec), it skips members
// it does not know (PolicyConfig notes them), reads null as false where a
// boolean is due, and accepts any namespace, which then matches nothing
// the HTML parser creates, and a number or boolean where a name is due
// names what JavaScript's String() writes for it (WebIDL's DOMString
// conversion). It is stricter in two ways: a member that is not in the
// spec, at the top or in a name's dictionary ("removeElemnts",
// {"name": "a", "atributes": [...]}), is an error naming it, where a
// browser skips it, because a misspelt member keeps what its author
// meant to remove ([ParseWith] with SkipUnknown skips it as a browser
// does, and PolicyConfig notes it); and any other value of
// another JSON type than the member's is refused, where a browser would
// convert it, because a number where a list is due is a mistake in a
// security setting. Every error is a *[policy.ConfigError] whose Field is the JSON path
// ("elements[3].namespace"), several joined with errors.Join. The JSON
// string "default" (the SanitizerPresets value setHTML() takes in place
// of a dictionary) reads the browser's built-in default, which
// PolicyConfig maps as the sanitizer-api preset. Its work is linear in the size of
// data.
func Parse(data []byte) (Config, error) {
	return ParseWith(data, ParseOptions{})
}

// ParseOptions change how [ParseWith] reads a dictionary.
type ParseOptions struct {
	// SkipUnknown skips a member the spec does not define, as a browser
	// does, in place of refusing it; [Config.PolicyConfig] notes each
	// one. For a dictionary written for a newer browser than this
	// package knows, whose new members htmlclean then does not apply.
	SkipUnknown bool
	// Context is the local name of the element setHTML() is called on,
	// which the browser parses the input for: "" (or "div") for a div.
	// [Config.PolicyConfig] maps another to the policy's container (see
	// [policy.Config] Container), so the output keeps only what that
	// element admits; one whose parse htmlclean does not model (script,
	// html, template, table cells, select, raw-text elements ...) or whose
	// content model it does not know is refused.
	Context string
}

// ParseWith is [Parse] with options.
func ParseWith(data []byte, opts ParseOptions) (Config, error) {
	d := scDecoder{skipUnknown: opts.SkipUnknown}
	container := d.checkContext(opts.Context) // context.go
	if len(d.errs) > 0 {
		return Config{}, d.err()
	}
	if len(data) > maxBytes {
		d.fail("(file)", "larger than %d bytes", maxBytes)
		return Config{}, d.err()
	}
	if isDefaultPreset(data) {
		sc, err := Parse(browserDefault)
		sc.builtin, sc.container = true, container
		return sc, err
	}
	var top map[string]json.RawMessage
	if err := strictUnmarshal(data, &top); err != nil || top == nil {
		d.fail("(file)", "a SanitizerConfig is a JSON object: %s", jsonWhy(err, data))
		return Config{}, d.err()
	}
	var sc Config
	for _, key := range slices.Sorted(maps.Keys(top)) {
		raw := top[key]
		switch key {
		case "elements":
			sc.Elements = d.elements(key, raw)
		case "removeElements":
			sc.RemoveElements = d.names(key, raw, true)
		case "replaceWithChildrenElements":
			sc.ReplaceWithChildrenElements = d.names(key, raw, true)
		case "attributes":
			sc.Attributes = d.names(key, raw, false)
		case "removeAttributes":
			sc.RemoveAttributes = d.names(key, raw, false)
		case "comments":
			sc.Comments = d.boolean(key, raw)
		case "dataAttributes":
			sc.DataAttributes = d.boolean(key, raw)
		case "javascriptURLs":
			sc.JavascriptURLs = d.boolean(key, raw)
		case "processingInstructions", "removeProcessingInstructions":
			// The HTML parser never makes a processing instruction
			// (<?x ?> becomes a bogus comment, HTML §13.2.5.42), so
			// for HTML input these lists change nothing; they are
			// only checked. Chromium's new Sanitizer().get() has
			// processingInstructions: [].
			l := d.targets(key, raw)
			if key == "processingInstructions" {
				sc.ProcessingInstructions = l
			} else {
				sc.RemoveProcessingInstructions = l
			}
		case "//":
		default:
			d.unknown(key, key)
		}
	}
	sc.ignored, sc.container = d.ignored, container
	if _, both := top["processingInstructions"]; both {
		if _, remove := top["removeProcessingInstructions"]; remove {
			d.fail("removeProcessingInstructions", "cannot be used with processingInstructions: a config lists the targets it allows or those it removes, not both")
		}
	}
	if len(d.errs) == 0 {
		d.validate(&sc)
	}
	return sc, d.err()
}

// scDecoder collects the errors of one Parse call, and
// under skipUnknown the unknown members it skipped.
type scDecoder struct {
	errs        []error
	more        int
	skipUnknown bool
	ignored     []string
}

// unknown refuses the member key at field, which the spec does not
// define, or under skipUnknown records it as skipped.
func (d *scDecoder) unknown(field, key string) {
	if d.skipUnknown {
		d.ignored = append(d.ignored, field)
		return
	}
	d.fail(field, "%q is not a member of a SanitizerConfig here: a browser skips it, keeping what it was meant to remove (SkipUnknown, htmlclean -sanitizer-skip-unknown, skips it too)", key)
}

func (d *scDecoder) fail(field, format string, args ...any) {
	if len(d.errs) >= excerpt.MaxErrors {
		d.more++
		return
	}
	d.errs = append(d.errs, &policy.ConfigError{Field: excerpt.Path(field), Msg: fmt.Sprintf(format, excerpt.Args(args)...)})
}

func (d *scDecoder) err() error {
	if len(d.errs) == 0 && d.more == 0 {
		return nil
	}
	if d.more > 0 {
		d.errs = append(d.errs, &policy.ConfigError{Field: "(file)", Msg: excerpt.More(d.more)})
	}
	return errors.Join(d.errs...)
}

// strictUnmarshal decodes one JSON value and refuses anything after it.
func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("more than one JSON value")
	}
	return nil
}

// jsonWhy says why a value did not decode, naming its JSON type when it
// is well-formed but the wrong type.
func jsonWhy(err error, raw []byte) string {
	if err != nil {
		if te, ok := err.(*json.UnmarshalTypeError); ok {
			return "got " + te.Value
		}
		return err.Error()
	}
	return "got " + jsonType(raw)
}

func jsonType(raw []byte) string {
	switch raw = bytes.TrimSpace(raw); {
	case len(raw) == 0:
		return "nothing"
	case raw[0] == '"':
		return "a string"
	case raw[0] == '[':
		return "a list"
	case raw[0] == '{':
		return "an object"
	case raw[0] == 't' || raw[0] == 'f':
		return "a boolean"
	case raw[0] == 'n':
		return "null"
	}
	return "a number"
}

// boolean reads a boolean member; null is false, as WebIDL converts it.
func (d *scDecoder) boolean(field string, raw json.RawMessage) *bool {
	var b bool
	if jsonType(raw) == "null" {
		return &b
	}
	if jsonType(raw) != "a boolean" || json.Unmarshal(raw, &b) != nil {
		d.fail(field, "want true or false, got %s", jsonType(raw))
		return nil
	}
	return &b
}

// list splits a JSON list into its items; a non-nil empty slice for [].
func (d *scDecoder) list(field string, raw json.RawMessage) []json.RawMessage {
	var items []json.RawMessage
	if jsonType(raw) != "a list" || json.Unmarshal(raw, &items) != nil {
		d.fail(field, "want a list, got %s", jsonType(raw))
		return nil
	}
	if items == nil {
		items = []json.RawMessage{}
	}
	return items
}

// targets checks a list of processing instruction names: each a string
// or {target: string}, no target twice.
func (d *scDecoder) targets(field string, raw json.RawMessage) []string {
	seen := map[string]bool{}
	out := []string{}
	for i, item := range d.list(field, raw) {
		f := fmt.Sprintf("%s[%d]", field, i)
		var target string
		var obj map[string]json.RawMessage
		switch jsonType(item) {
		case "a string":
			json.Unmarshal(item, &target)
		case "an object":
			if strictUnmarshal(item, &obj) != nil || jsonType(obj["target"]) != "a string" || json.Unmarshal(obj["target"], &target) != nil {
				d.fail(f, "want {\"target\": string}")
				continue
			}
			for _, key := range slices.Sorted(maps.Keys(obj)) {
				if key != "target" {
					d.unknown(f+"."+key, key)
				}
			}
		default:
			d.fail(f, "want a string or {\"target\": string}, got %s", jsonType(item))
			continue
		}
		if seen[target] {
			d.fail(f, "target %q is listed twice", target)
		}
		seen[target] = true
		out = append(out, target)
	}
	return out
}

func (d *scDecoder) names(field string, raw json.RawMessage, element bool) []Name {
	items := d.list(field, raw)
	if items == nil {
		return nil
	}
	out := make([]Name, 0, len(items))
	for i, item := range items {
		if n, _, ok := d.name(fmt.Sprintf("%s[%d]", field, i), item, element, false); ok {
			out = append(out, n)
		}
	}
	return out
}

func (d *scDecoder) elements(field string, raw json.RawMessage) []Element {
	items := d.list(field, raw)
	if items == nil {
		return nil
	}
	out := make([]Element, 0, len(items))
	for i, item := range items {
		at := fmt.Sprintf("%s[%d]", field, i)
		n, obj, ok := d.name(at, item, true, true)
		if !ok {
			continue
		}
		e := Element{Name: n}
		if a, has := obj["attributes"]; has {
			e.Attributes = d.names(at+".attributes", a, false)
		}
		if a, has := obj["removeAttributes"]; has {
			e.RemoveAttributes = d.names(at+".removeAttributes", a, false)
		}
		out = append(out, e)
	}
	return out
}

// name reads a string or a {name, namespace} dictionary. It returns the
// object's members, for the caller to read the attribute lists of an
// elements entry (lists: the dictionary may have them); any other member
// is unknown.
func (d *scDecoder) name(field string, raw json.RawMessage, element, lists bool) (Name, map[string]json.RawMessage, bool) {
	n := Name{isElement: element}
	if element {
		n.Namespace = NamespaceHTML
	}
	switch jsonType(raw) {
	case "a string":
		if json.Unmarshal(raw, &n.Name) != nil {
			d.fail(field, "not a valid JSON string")
			return n, nil, false
		}
		return n, nil, d.checkName(field, n.Name)
	case "a number", "a boolean":
		// WebIDL converts them to a DOMString, the union's only
		// non-dictionary member, as String() in JavaScript would.
		name, ok := jsString(raw)
		if !ok {
			d.fail(field, "not a valid JSON value")
			return n, nil, false
		}
		n.Name = name
		return n, nil, d.checkName(field, n.Name)
	case "an object":
	default:
		d.fail(field, "want a name or {\"name\": ..., \"namespace\": ...}, got %s", jsonType(raw))
		return n, nil, false
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil {
		d.fail(field, "not a valid JSON object")
		return n, nil, false
	}
	ok := true
	for _, key := range slices.Sorted(maps.Keys(obj)) {
		v := obj[key]
		switch {
		case key == "name" && (jsonType(v) == "a number" || jsonType(v) == "a boolean"):
			n.Name, _ = jsString(v)
			ok = ok && d.checkName(field+".name", n.Name)
		case key == "name":
			if jsonType(v) != "a string" || json.Unmarshal(v, &n.Name) != nil {
				d.fail(field+".name", "want a string, got %s", jsonType(v))
				ok = false
			} else if !d.checkName(field+".name", n.Name) {
				ok = false
			}
		case key == "namespace":
			if !d.namespace(field+".namespace", v, &n) {
				ok = false
			}
		case lists && (key == "attributes" || key == "removeAttributes"):
			// read by the caller
		default:
			d.unknown(field+"."+key, key)
		}
	}
	if _, has := obj["name"]; !has {
		d.fail(field, "has no name")
		ok = false
	}
	return n, obj, ok
}

// Size limits: a dictionary may be as large as a policy file, and a name
// as long as Compile lets an element or attribute name be
// (TestNameLimitIsCompiles checks they agree).
const (
	maxBytes     = 1 << 20
	maxNameBytes = 1024
)

// maxNamespaceBytes bounds a namespace URL; the ones the HTML parser
// gives are under 40 bytes.
const maxNamespaceBytes = 1024

// checkName refuses an empty name and one longer than maxNameBytes, the
// limit Compile sets for element and attribute names: no real name comes
// near it, and refusing here, before the name is mapped and noted, keeps
// every later step (printing the policy as YAML among them) small.
func (d *scDecoder) checkName(field, name string) bool {
	switch {
	case name == "":
		d.fail(field, "an empty name")
		return false
	case len(name) > maxNameBytes:
		d.fail(field, "%q is longer than %d bytes, the most a name may have", name, maxNameBytes)
		return false
	}
	return true
}

// namespace reads a namespace member: a string, or null, which the spec
// makes "" too. Any namespace is accepted, as a browser accepts it; one
// the HTML parser gives no element or attribute matches nothing, and
// Config notes it.
func (d *scDecoder) namespace(field string, raw json.RawMessage, n *Name) bool {
	var ns string
	switch jsonType(raw) {
	case "null":
	case "a string":
		if json.Unmarshal(raw, &ns) != nil {
			d.fail(field, "not a valid JSON string")
			return false
		}
	default:
		d.fail(field, "want a namespace URL or null, got %s", jsonType(raw))
		return false
	}
	if len(ns) > maxNamespaceBytes {
		d.fail(field, "%q is longer than %d bytes, the most a namespace may have", ns, maxNamespaceBytes)
		return false
	}
	n.Namespace = ns
	return true
}
