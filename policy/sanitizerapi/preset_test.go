package sanitizerapi_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/policy/sanitizerapi"
)

// TestPresetIsTheDefault: the "sanitizer-api" preset, which package
// policy holds as data (policy/sanitizer-api.yaml), is exactly the
// browser's recorded default mapped as any dictionary is: the same
// Config, the same compiled policy, and the same -print-policy text.
// On a difference it prints what the file should hold.
func TestPresetIsTheDefault(t *testing.T) {
	sc, err := sanitizerapi.Parse([]byte(`"default"`))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := sc.PolicyConfig()
	got, err := policy.PresetConfig("sanitizer-api")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(want, got) {
		var b bytes.Buffer
		enc := yaml.NewEncoder(&b)
		enc.SetIndent(2)
		if err := enc.Encode(want); err != nil {
			t.Fatal(err)
		}
		t.Errorf("policy/sanitizer-api.yaml is not the mapped default; below its header it should hold:\n%s", b.String())
	}
	mapped, err := policy.Compile(want)
	if err != nil {
		t.Fatal(err)
	}
	preset := policy.SanitizerAPI()
	if diff := cmp.Diff(mapped.Config(), preset.Config()); diff != "" {
		t.Errorf("compiled policy mismatch (-want +got):\n%s", diff)
	}
	// The preset's text is the mapped policy's under the preset's name.
	header := "# the \"sanitizer-api\" preset, as it takes effect\n"
	if got, want := preset.String(), header+mapped.String(); got != want {
		t.Errorf("-print-policy mismatch (-want +got):\n%s", cmp.Diff(want, got))
	}
	if got, want := sanitizerapi.Export(preset), sanitizerapi.Export(mapped); !reflect.DeepEqual(got, want) {
		t.Errorf("exported SanitizerConfig mismatch (-want +got):\n%s", cmp.Diff(want, got, cmp.AllowUnexported(sanitizerapi.Name{})))
	}
	if strings.Contains(preset.String(), "rel:") {
		t.Error("the preset writes rel; setHTML() writes none")
	}
}

// TestNameLimitIsCompiles: Parse refuses a name Compile would refuse
// and keeps one Compile keeps, so its own length limit, checked before
// a name is mapped, is Compile's.
func TestNameLimitIsCompiles(t *testing.T) {
	for _, tc := range []struct {
		n  int
		ok bool
	}{{1024, true}, {1025, false}} {
		name := "x-" + strings.Repeat("a", tc.n-2)
		_, perr := sanitizerapi.Parse([]byte(`{"elements": ["` + name + `"]}`))
		_, cerr := policy.Compile(policy.Config{Elements: []string{name}})
		if (perr == nil) != tc.ok || (cerr == nil) != tc.ok {
			t.Errorf("name of %d bytes: Parse error %v, Compile error %v; want both to accept it: %v", tc.n, perr, cerr, tc.ok)
		}
	}
}
