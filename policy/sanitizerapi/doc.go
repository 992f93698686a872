// Package sanitizerapi translates the HTML Sanitizer API's configuration,
// the SanitizerConfig dictionary a page gives the browser's
// Element.setHTML() (https://wicg.github.io/sanitizer-api/), to and from
// an htmlclean policy.
//
// [Parse] reads a dictionary (elements, removeElements,
// replaceWithChildrenElements, attributes, removeAttributes, comments,
// dataAttributes, ...) and checks it as the spec's "valid" does, with
// errors naming the JSON path; [Compile] compiles it. [Config.PolicyConfig]
// maps it onto a [policy.Config] and says, as notes, where htmlclean keeps
// less than a browser would: no comments unless asked, no attribute it
// cannot check, SVG and MathML only as far as its svg: and math: names
// go, and its own URL rules. [Export] writes any policy back as a
// dictionary, listing what it cannot say. A [Config] is a plain value;
// the functions keep no state and are safe for concurrent use.
//
// # The sanitizer-api preset
//
// Package policy has a "sanitizer-api" preset, the browser's default
// dictionary (new Sanitizer().get(), recorded in default.json) mapped as
// this package maps any dictionary. Policy does not import this package:
// it holds the mapped preset as a policy file of its own
// (policy/sanitizer-api.yaml), and TestPresetIsTheDefault here checks
// that translating the recorded default gives exactly that preset (the
// same Config, compiled policy and -print-policy text), so the two
// cannot drift apart. [Notes] lists what the preset keeps less of than
// the browser's default. The rules of the policy language this package
// needs, it asks policy through [policy.Forbidden], [policy.ValidElement],
// [policy.RefusedAttribute] and [policy.KindOf], and takes the svg: safe
// and mathml: core sets from internal/rules; its errors are
// *[policy.ConfigError]s, bounded as policy bounds its own
// (internal/excerpt).
//
// Where each step lives:
//
//	config.go    Config, Name, Element; Parse, ParseWith: the JSON read,
//	             member by member
//	valid.go     the spec's "valid" test: duplicates, overlaps, data-*
//	jsstring.go  a number or boolean as the name JavaScript's String() gives
//	json.go      Config written in Sanitizer.get()'s normalised form
//	map.go       Compile, PolicyConfig: the dictionary as a policy.Config
//	context.go   ParseOptions.Context: the element setHTML() parses for
//	foreign.go   SVG and MathML names and namespaces, as policy names them
//	export.go    Export: a policy written back as a dictionary
//	default.go   the browser's recorded default and Notes
package sanitizerapi
