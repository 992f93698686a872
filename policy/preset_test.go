package policy

import (
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// presetFuncs are the functions that return each preset; a preset added
// to the table without one fails TestPresetsCompile.
var presetFuncs = map[string]func() *Policy{
	"strict":         Strict,
	"basic":          Basic,
	"ugc":            UGC,
	"sanitizer-api":  SanitizerAPI,
	"bluemonday-ugc": BluemondayUGC,
	"mail":           Mail,
	"svg-upload":     SVGUpload,
}

// TestPresetsCompile proves that Strict, Basic and UGC cannot fail: every
// preset compiles, each has its function, and the function, Preset and a
// fresh Compile of PresetConfig give the same policy.
func TestPresetsCompile(t *testing.T) {
	for _, name := range Presets() {
		t.Run(name, func(t *testing.T) {
			fn := presetFuncs[name]
			if fn == nil {
				t.Fatalf("preset %q has no function (add it beside UGC)", name)
			}
			c, err := PresetConfig(name)
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := Compile(c)
			if err != nil {
				t.Fatalf("preset %q does not compile: %v", name, err)
			}
			p := fn()
			if p == nil {
				t.Fatal("nil policy")
			}
			byName, err := Preset(name)
			if err != nil {
				t.Fatal(err)
			}
			if byName != p || fn() != p {
				t.Errorf("Preset(%q) and repeated calls return different policies: compiled more than once", name)
			}
			if diff := cmp.Diff(fresh.Config(), p.Config()); diff != "" {
				t.Errorf("%s() differs from Compile(PresetConfig(%q)) (-want +got):\n%s", name, name, diff)
			}
			if want := "# the \"" + name + "\" preset"; !strings.HasPrefix(p.String(), want) {
				t.Errorf("String() does not start with %q:\n%s", want, p)
			}
		})
	}
	if len(presetFuncs) != len(Presets()) {
		t.Errorf("%d preset functions for presets %v", len(presetFuncs), Presets())
	}
}

// TestPresetUnknown: an unknown name is an error, not a nil policy.
func TestPresetUnknown(t *testing.T) {
	for _, name := range []string{"", "UGC", "nonesuch"} {
		if p, err := Preset(name); err == nil || p != nil {
			t.Errorf("Preset(%q) = %v, %v; want an error", name, p, err)
		}
	}
}

// TestPresetFuncsConcurrent: the first calls may race to compile; all of
// them get the one policy (run with -race).
func TestPresetFuncsConcurrent(t *testing.T) {
	names := Presets()
	var wg sync.WaitGroup
	got := make([]*Policy, 16)
	for i := range got {
		wg.Go(func() { got[i] = presetFuncs[names[i%len(names)]]() })
	}
	wg.Wait()
	for i, p := range got {
		if p != presetFuncs[names[i%len(names)]]() {
			t.Errorf("call %d got another policy", i)
		}
	}
}
