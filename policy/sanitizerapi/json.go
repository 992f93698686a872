package sanitizerapi

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"slices"
	"strings"
)

// The JSON a SanitizerConfig is written as is the normalised form
// Chromium's Sanitizer.get() returns (checked against Chromium by the
// browser stage, sanitizerget_test.go): members in alphabetical order,
// every name a {name, namespace} object (an attribute's namespace null
// by default), lists sorted by namespace (null first) then name, an
// element without lists of its own written with "removeAttributes": [].
// Two differences: absent members stay absent (get() fills in the
// spec's defaults), and javascriptURLs, which get() leaves out, is
// written when set.

// MarshalJSON writes a name as {name, namespace}, "" as null.
func (n Name) MarshalJSON() ([]byte, error) {
	v := struct {
		Name      string  `json:"name"`
		Namespace *string `json:"namespace"`
	}{Name: n.Name}
	if n.Namespace != "" {
		v.Namespace = &n.Namespace
	}
	return json.Marshal(v)
}

// MarshalJSON writes an element as {name, namespace} with its attribute
// lists, an empty removeAttributes when it has neither.
func (e Element) MarshalJSON() ([]byte, error) {
	name, err := e.Name.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(name[:len(name)-1])
	for _, l := range []struct {
		key   string
		names []Name
	}{{"attributes", sortedNames(e.Attributes)}, {"removeAttributes", sortedNames(e.RemoveAttributes)}} {
		if l.names == nil && !(l.key == "removeAttributes" && e.Attributes == nil && e.RemoveAttributes == nil) {
			continue
		}
		if l.names == nil {
			l.names = []Name{}
		}
		data, err := json.Marshal(l.names)
		if err != nil {
			return nil, err
		}
		b.WriteString(`,"` + l.key + `":`)
		b.Write(data)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// MarshalJSON writes the dictionary in get()'s normalised form, leaving
// out absent members (nil) and keeping empty ones ([]).
func (sc Config) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	var errs []error
	member := func(key string, v any) {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(key)
		b.Write(k)
		b.WriteByte(':')
		data, err := json.Marshal(v)
		b.Write(data)
		errs = append(errs, err)
	}
	names := func(key string, l []Name) {
		if l != nil {
			member(key, sortedNames(l))
		}
	}
	targets := func(key string, l []string) {
		if l == nil {
			return
		}
		out := []map[string]string{}
		for _, t := range slices.Sorted(slices.Values(l)) {
			out = append(out, map[string]string{"target": t})
		}
		member(key, out)
	}
	boolean := func(key string, v *bool) {
		if v != nil {
			member(key, *v)
		}
	}
	names("attributes", sc.Attributes)
	boolean("comments", sc.Comments)
	boolean("dataAttributes", sc.DataAttributes)
	if sc.Elements != nil {
		els := slices.Clone(sc.Elements)
		slices.SortStableFunc(els, func(a, b Element) int { return compareNames(a.Name, b.Name) })
		member("elements", els)
	}
	boolean("javascriptURLs", sc.JavascriptURLs)
	targets("processingInstructions", sc.ProcessingInstructions)
	names("removeAttributes", sc.RemoveAttributes)
	names("removeElements", sc.RemoveElements)
	targets("removeProcessingInstructions", sc.RemoveProcessingInstructions)
	names("replaceWithChildrenElements", sc.ReplaceWithChildrenElements)
	if sc.Notes != nil {
		member("//", sc.Notes)
	}
	b.WriteByte('}')
	return b.Bytes(), errors.Join(errs...)
}

// sortedNames returns l sorted as get() sorts it; nil stays nil.
func sortedNames(l []Name) []Name {
	if l == nil {
		return nil
	}
	l = slices.Clone(l)
	slices.SortStableFunc(l, compareNames)
	return l
}

// compareNames orders names by namespace, no namespace first, then name
// (code unit order, as Chromium sorts them).
func compareNames(a, b Name) int {
	return cmp.Or(strings.Compare(a.Namespace, b.Namespace), strings.Compare(a.Name, b.Name))
}
