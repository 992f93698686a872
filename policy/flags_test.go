package policy

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// TestPresetFlagsCoverEveryFlag: the presets have a considered choice
// (and a reason) for every flag urlnorm knows, so a new flag cannot slip
// in without one, and name no flag urlnorm does not know.
func TestPresetFlagsCoverEveryFlag(t *testing.T) {
	for _, name := range urlnorm.AllFlags.Names() {
		c, ok := presetFlags[name]
		if !ok || c.why == "" {
			t.Errorf("presetFlags has no choice and reason for %q", name)
		}
	}
	for name, c := range presetFlags {
		if _, ok := urlnorm.FlagByName(name); !ok {
			t.Errorf("presetFlags names unknown flag %q", name)
		}
		switch c.action {
		case "", FlagReject, FlagReport, FlagIgnore:
		default:
			t.Errorf("presetFlags[%q] = %q", name, c.action)
		}
	}
}

// flagSet is the flags named in a list.
func flagSet(t *testing.T, names ...string) urlnorm.Flags {
	t.Helper()
	var f urlnorm.Flags
	for _, n := range names {
		b, ok := urlnorm.FlagByName(n)
		if !ok {
			t.Fatalf("no flag %q", n)
		}
		f |= b
	}
	return f
}

// TestPresetFlagChoices pins what every preset rejects, reports and
// ignores, with and without urls.strict.
func TestPresetFlagChoices(t *testing.T) {
	deceptive := flagSet(t, "confusable", "lookalike-separator", "spoof-char", "encoded-separator", "active-scheme")
	ordinary := flagSet(t, "nested-url", "host-mapped", "trailing-dot", "malformed-escape", "tab-newline", "userinfo", "idn", "ip-host")
	rest := urlnorm.AllFlags &^ deceptive &^ ordinary
	for _, name := range Presets() {
		for _, strict := range []bool{false, true} {
			c, err := PresetConfig(name)
			if err != nil {
				t.Fatal(err)
			}
			c.URLs.Strict = strict
			p, err := Compile(c)
			if err != nil {
				t.Fatal(err)
			}
			wantReject, wantReport := deceptive, ordinary|rest
			if strict {
				wantReject, wantReport = deceptive|rest, ordinary
			}
			if got := p.URLOptions().Reject; got != wantReject {
				t.Errorf("%s strict=%v: Reject = %v, want %v", name, strict, got, wantReject)
			}
			if got := p.r.Report; got != wantReport {
				t.Errorf("%s strict=%v: ReportFlags = %v, want %v", name, strict, got, wantReport)
			}
			if p.URLOptions().Strict {
				t.Errorf("%s: urlnorm Strict set; the policy's strict must go through Reject", name)
			}
			if name != "strict" && !p.URLOptions().Nested {
				t.Errorf("%s: nested URLs not inspected", name)
			}
		}
	}
}

// TestFlagsConfig: a file changes the entries it names and keeps the
// preset's others; ignore leaves a flag out of both sets; strict turns
// only the unnamed flags to reject.
func TestFlagsConfig(t *testing.T) {
	tests := []struct {
		name, file         string
		reject, report     []string // flags that must be in the set
		notReject, ignored []string
	}{
		{name: "override-and-keep", file: "extends: ugc\nurls:\n  flags:\n    confusable: report\n    numeric-ipv4: reject\n",
			reject: []string{"numeric-ipv4", "spoof-char"}, report: []string{"confusable", "nested-url"}, notReject: []string{"confusable"}},
		{name: "ignore", file: "extends: ugc\nurls:\n  flags: {trailing-dot: ignore, tab-newline: ignore}\n",
			ignored: []string{"trailing-dot", "tab-newline"}, notReject: []string{"trailing-dot"}},
		{name: "strict-keeps-named", file: "extends: ugc\nurls:\n  strict: true\n  flags: {backslash: report}\n",
			reject: []string{"numeric-ipv4", "encoded-host", "confusable"}, report: []string{"backslash", "nested-url", "host-mapped"}},
		{name: "strict-allow-ignored", file: "extends: basic\nurls:\n  strict: true\n  flags: {slashes: ignore}\n",
			reject: []string{"double-encoding"}, ignored: []string{"slashes"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Load(strings.NewReader(tc.file), tc.name+".yaml")
			if err != nil {
				t.Fatal(err)
			}
			reject, report := p.URLOptions().Reject, p.r.Report
			if f := flagSet(t, tc.reject...); reject&f != f {
				t.Errorf("Reject = %v, want %v in it", reject, f)
			}
			if f := flagSet(t, tc.report...); report&f != f {
				t.Errorf("ReportFlags = %v, want %v in it", report, f)
			}
			if f := flagSet(t, tc.notReject...); reject&f != 0 {
				t.Errorf("Reject = %v, want none of %v", reject, f)
			}
			if f := flagSet(t, tc.ignored...); (reject|report)&f != 0 {
				t.Errorf("Reject %v, ReportFlags %v: want %v in neither", reject, report, f)
			}
			if reject&report != 0 {
				t.Errorf("flags %v both rejected and reported", reject&report)
			}
			if got := len(p.Config().URLs.Flags); got != len(urlnorm.AllFlags.Names()) {
				t.Errorf("Config names %d flags, want every one", got)
			}
		})
	}
}

// TestFlagsErrors: an unknown flag or action is a ConfigError naming the
// setting and its line.
func TestFlagsErrors(t *testing.T) {
	tests := []struct {
		name, file string
		line       int
		field, msg string
	}{
		{"unknown-flag", "extends: ugc\nurls:\n  flags:\n    nested-url: report\n    punycode: reject\n", 5, "urls.flags.punycode", `unknown flag "punycode"`},
		{"unknown-action", "extends: ugc\nurls:\n  flags:\n    numeric-ipv4: drop\n", 4, "urls.flags.numeric-ipv4", `"drop" is not one of reject, report, ignore`},
		{"flow-map", "extends: basic\nurls:\n  flags: {confusable: maybe}\n", 3, "urls.flags.confusable", "not one of"},
		{"not-a-map", "extends: ugc\nurls:\n  flags: [confusable]\n", 3, "urls.flags", "cannot unmarshal"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(tc.file), "p.yaml")
			errs := configErrors(t, err)
			if len(errs) != 1 {
				t.Fatalf("%d errors, want 1: %v", len(errs), err)
			}
			ce := errs[0]
			if ce.File != "p.yaml" || ce.Line != tc.line || ce.Field != tc.field || !strings.Contains(ce.Msg, tc.msg) {
				t.Errorf("error %+v, want line %d field %s msg ~%q", ce, tc.line, tc.field, tc.msg)
			}
			if !strings.Contains(ce.Error(), "p.yaml:") {
				t.Errorf("message %q does not name the file and line", ce.Error())
			}
		})
	}
	// In code, the same checks, without a file.
	_, err := Compile(Config{URLs: URLs{Flags: map[string]FlagAction{"bogus": "reject", "userinfo": "Reject"}}})
	errs := configErrors(t, err)
	if len(errs) != 2 || errs[0].Field != "urls.flags.bogus" || errs[1].Field != "urls.flags.userinfo" {
		t.Errorf("Compile errors %v, want urls.flags.bogus then urls.flags.userinfo", err)
	}
}

// TestFlagsPrinted: -print-policy writes every flag with its action and a
// reason, and what it prints loads back to the same policy, printed the
// same way, also for a file that changes the presets' choices.
func TestFlagsPrinted(t *testing.T) {
	files := []string{
		"extends: ugc\n",
		"extends: ugc\nurls:\n  strict: true\n  flags: {confusable: report, trailing-dot: ignore}\n",
		"extends: basic\nurls:\n  flags: {numeric-ipv4: reject}\n",
	}
	for _, f := range files {
		p, err := Load(strings.NewReader(f), "p.yaml")
		if err != nil {
			t.Fatal(err)
		}
		printed := p.String()
		for _, name := range urlnorm.AllFlags.Names() {
			action := p.Config().URLs.Flags[name]
			line := "    " + name + ": " + string(action) + " # "
			if !strings.Contains(printed, line) {
				t.Errorf("%q: printed policy has no line %q:\n%s", f, line, printed)
			}
		}
		again, err := Load(strings.NewReader(printed), "printed.yaml")
		if err != nil {
			t.Fatalf("%q: printed policy does not load: %v\n%s", f, err, printed)
		}
		if diff := cmp.Diff(p.Config(), again.Config()); diff != "" {
			t.Errorf("%q: round trip changed the policy (-want +got):\n%s", f, diff)
		}
		if again.URLOptions().Reject != p.URLOptions().Reject || again.r.Report != p.r.Report {
			t.Errorf("%q: round trip changed the flag sets", f)
		}
		if again.String() != printed {
			t.Errorf("%q: printed twice differently:\n%s\n---\n%s", f, printed, again.String())
		}
	}
	// A changed choice says what the presets do instead.
	p, err := Load(strings.NewReader(files[1]), "p.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.String(), "confusable: report # WEAKER than the presets: reject (") {
		t.Errorf("changed choice not marked:\n%s", p)
	}
}

// TestConfigFlagsNotShared: the map a caller passes to Compile, and the
// one Config returns, are copies.
func TestConfigFlagsNotShared(t *testing.T) {
	m := map[string]FlagAction{"confusable": "report"}
	p, err := Compile(Config{URLs: URLs{Flags: m}})
	if err != nil {
		t.Fatal(err)
	}
	m["confusable"] = "reject"
	c := p.Config()
	c.URLs.Flags["spoof-char"] = FlagIgnore
	if got := p.Config().URLs.Flags; got["confusable"] != "report" || got["spoof-char"] != "reject" {
		t.Errorf("policy changed through a caller's map: %v", got)
	}
	// The flags it does not name keep the presets' actions.
	if want := flagSet(t, "spoof-char", "encoded-separator", "lookalike-separator", "active-scheme"); p.URLOptions().Reject != want {
		t.Errorf("Reject = %v, want %v", p.URLOptions().Reject, want)
	}
}
