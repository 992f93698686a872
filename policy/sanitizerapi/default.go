package sanitizerapi

import (
	_ "embed" // the browser's default SanitizerConfig
	"fmt"
)

// browserDefault is new Sanitizer().get() in Chromium, the HTML
// Sanitizer API's built-in safe default, as the browser stage recorded
// it (browsertest/sanitizerdefault_test.go, which also fails when the
// browser's default changes). Its "//" member names the version.
//
//go:embed default.json
var browserDefault []byte

// Notes returns what the "sanitizer-api" preset keeps less of than the
// browser's default, one note per element or attribute, each naming its
// JSON path in the recorded default. The preset is that default mapped
// as [Config.PolicyConfig] maps any dictionary.
func Notes() []string {
	sc, err := Parse(browserDefault)
	if err != nil {
		// The data is this package's own; TestPresetIsTheDefault catches it.
		panic(fmt.Sprintf("sanitizerapi: default.json: %v", err))
	}
	_, notes := sc.config(scMapper{knownOnly: true})
	return notes
}
