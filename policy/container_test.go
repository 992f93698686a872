package policy

import (
	"errors"
	"strings"
	"testing"
)

// TestContainer: a container takes out of the output the allowed
// elements its content model does not admit, and an unknown container is
// an error on the container setting.
func TestContainer(t *testing.T) {
	tests := []struct {
		container     string
		outside, kept []string
	}{
		{"p", []string{"div", "p", "ul", "li", "table", "td", "blockquote", "h2", "hr"}, []string{"a", "b", "img", "span", "br"}},
		{"a", []string{"a", "div", "li"}, []string{"b", "img", "span"}},
		{"form", nil, []string{"div", "p", "a"}},
		{"div", nil, []string{"div", "p", "a", "li"}},
	}
	for _, tc := range tests {
		t.Run(tc.container, func(t *testing.T) {
			p, err := Load(strings.NewReader("extends: ugc\ncontainer: "+tc.container+"\n"), "c.yaml")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(p.String(), "container: "+tc.container+"\n") {
				t.Errorf("String() does not say the container")
			}
			for _, el := range tc.outside {
				if !p.r.Outside[el] {
					t.Errorf("container %s admits %s", tc.container, el)
				}
			}
			for _, el := range tc.kept {
				if p.r.Outside[el] {
					t.Errorf("container %s does not admit %s", tc.container, el)
				}
			}
		})
	}
	_, err := Load(strings.NewReader("extends: ugc\ncontainer: marquee\n"), "c.yaml")
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Field != "container" {
		t.Errorf("container: marquee: err = %v, want a ConfigError on container", err)
	}
}
