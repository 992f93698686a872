package policy

import (
	"errors"
	"slices"
	"testing"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// TestIDsKeep: ids.keep takes one word; with it and no entry for id or
// name, both are allowed on every element; an entry for either says
// where; ids.prefix writes them itself.
func TestIDsKeep(t *testing.T) {
	_, err := Compile(Config{Elements: []string{"p"}, IDs: IDs{Keep: "always"}})
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Field != "ids.keep" {
		t.Fatalf("Compile(ids.keep: always) = %v, want a ConfigError at ids.keep", err)
	}
	tests := []struct {
		name       string
		c          Config
		onP, onDiv []string // id and name allowed on p, div
	}{
		{"every-element", Config{Elements: []string{"p", "div"}, IDs: IDs{Keep: IDKeepUnclobbered}}, []string{"id", "name"}, []string{"id", "name"}},
		{"entry-says-where", Config{Elements: []string{"p", "div"}, Attributes: []Attribute{{Name: "id", On: []string{"p"}}}, IDs: IDs{Keep: IDKeepUnclobbered}}, []string{"id"}, nil},
		{"removed", Config{Elements: []string{"p", "div"}, IDs: IDs{Keep: IDKeepUnclobbered}, Remove: Change{Attributes: []Attribute{{Name: "name"}}}}, []string{"id"}, []string{"id"}},
		{"unset", Config{Elements: []string{"p", "div"}}, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Compile(tc.c)
			if err != nil {
				t.Fatal(err)
			}
			r := p.Rules(rules.Key{})
			if r.Unclobbered != (tc.c.IDs.Keep != "") {
				t.Errorf("Unclobbered = %v", r.Unclobbered)
			}
			for el, want := range map[string][]string{"p": tc.onP, "div": tc.onDiv} {
				var got []string
				for _, a := range []string{"id", "name"} {
					if r.Elements[el].Attr(a) != nil {
						got = append(got, a)
					}
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s allows %v, want %v", el, got, want)
				}
			}
		})
	}
}
