package policy

import (
	_ "embed" // the browser's default SanitizerConfig
	"fmt"
)

// sanitizerAPIDefault is new Sanitizer().get() in Chromium, the HTML
// Sanitizer API's built-in safe default, as the browser stage recorded
// it (browsertest/sanitizerdefault_test.go, which also fails when the
// browser's default changes). Its "//" member names the version.
//
//go:embed sanitizerapi_default.json
var sanitizerAPIDefault []byte

// sanitizerAPIPreset is the browser's default mapped as
// [FromSanitizerConfig] maps any dictionary: its HTML elements and their
// attributes, less what htmlclean refuses (SVG, MathML, the presentation
// attributes that are CSS, body, head, html, title). It writes no rel
// and no target: setHTML() adds none, and the preset is to match it.
func sanitizerAPIPreset() Config {
	sc, err := ParseSanitizerConfig(sanitizerAPIDefault)
	if err != nil {
		// The data is this package's own; TestPresetsCompile catches it.
		panic(fmt.Sprintf("policy: sanitizerapi_default.json: %v", err))
	}
	c, _ := sc.config(scMapper{knownOnly: true})
	return c
}

// SanitizerAPINotes returns what the "sanitizer-api" preset keeps less of
// than the browser's default, one note per element or attribute, each
// naming its JSON path in the recorded default.
func SanitizerAPINotes() []string {
	sc, err := ParseSanitizerConfig(sanitizerAPIDefault)
	if err != nil {
		panic(fmt.Sprintf("policy: sanitizerapi_default.json: %v", err))
	}
	_, notes := sc.config(scMapper{knownOnly: true})
	return notes
}
