//go:build browser

package browsertest

import (
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// asBrowser reads a SanitizerConfig as a browser does, skipping the
// members the spec does not define (which htmlclean refuses by default):
// the tests that hold htmlclean to Chromium's reading of a dictionary.
var asBrowser = sanitizerapi.ParseOptions{SkipUnknown: true}

// fromSanitizerConfigAsBrowser is sanitizerapi.Compile reading
// data as a browser does.
func fromSanitizerConfigAsBrowser(data []byte) (*policy.Policy, error) {
	return fromSanitizerConfigIn(data, "")
}

// fromSanitizerConfigIn is fromSanitizerConfigAsBrowser for setHTML()
// called on a context element (sanitizerapi.ParseOptions.Context).
func fromSanitizerConfigIn(data []byte, context string) (*policy.Policy, error) {
	opts := asBrowser
	opts.Context = context
	sc, err := sanitizerapi.ParseWith(data, opts)
	if err != nil {
		return nil, err
	}
	c, _ := sc.PolicyConfig()
	return policy.Compile(c)
}
