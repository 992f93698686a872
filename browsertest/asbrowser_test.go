//go:build browser

package browsertest

import "github.com/htmlclean/htmlclean/policy"

// asBrowser reads a SanitizerConfig as a browser does, skipping the
// members the spec does not define (which htmlclean refuses by default):
// the tests that hold htmlclean to Chromium's reading of a dictionary.
var asBrowser = policy.SanitizerParseOptions{SkipUnknown: true}

// fromSanitizerConfigAsBrowser is policy.FromSanitizerConfig reading
// data as a browser does.
func fromSanitizerConfigAsBrowser(data []byte) (*policy.Policy, error) {
	sc, err := policy.ParseSanitizerConfigWith(data, asBrowser)
	if err != nil {
		return nil, err
	}
	c, _ := sc.Config()
	return policy.Compile(c)
}
