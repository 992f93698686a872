package policy

import "testing"

// TestTypedWordsMessages: svg, mathml, crossorigin and urls.flags are
// checked against their word tables, and their errors read as they
// always have.
func TestTypedWordsMessages(t *testing.T) {
	for _, tc := range []struct {
		c          Config
		field, msg string
	}{
		{Config{SVG: "full"}, "svg", `"full" is not safe (or leave it out)`},
		{Config{MathML: "full"}, "mathml", `"full" is not core (or leave it out)`},
		{Config{CrossOrigin: "use-credentials"}, "crossorigin",
			`"use-credentials" is not anonymous, the only value (use-credentials would send the reader's cookies)`},
		{Config{URLs: URLs{Flags: map[string]FlagAction{"idn": "Reject"}}}, "urls.flags.idn", `"Reject" is not one of reject, report, ignore`},
		{Config{URLs: URLs{Flags: map[string]FlagAction{"idn": ""}}}, "urls.flags.idn", `"" is not one of reject, report, ignore`},
	} {
		_, err := Compile(tc.c)
		errs := configErrors(t, err)
		if len(errs) != 1 || errs[0].Field != tc.field || errs[0].Msg != tc.msg {
			t.Errorf("Compile(%+v): %v, want %s: %s", tc.c, err, tc.field, tc.msg)
		}
	}
	for _, c := range []Config{{SVG: SVGSafe, MathML: MathMLCore, CrossOrigin: CrossOriginAnonymous,
		URLs: URLs{Flags: map[string]FlagAction{"idn": FlagIgnore, "ip-host": FlagReject, "backslash": FlagReport}}}} {
		if _, err := Compile(c); err != nil {
			t.Errorf("Compile(%+v): %v", c, err)
		}
	}
}
