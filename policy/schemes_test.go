package policy

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMigrationSettingsRoundTrip: the policy with every setting of
// schemes.go on prints as YAML that loads back to the same policy.
func TestMigrationSettingsRoundTrip(t *testing.T) {
	p, err := LoadFile(filepath.Join("..", "testdata", "policies", "all-migration.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	again, err := Load(strings.NewReader(p.String()), "printed.yaml")
	if err != nil {
		t.Fatalf("printed policy does not load: %v\n%s", err, p)
	}
	if diff := cmp.Diff(p.Config(), again.Config()); diff != "" {
		t.Errorf("round trip changed the policy (-want +got):\n%s", diff)
	}
	for _, want := range []string{"deny_schemes: [ftp, ws, wss]", "data_images:", "max_bytes: 32768", "author_rel:", "targets:", "crossorigin: anonymous"} {
		if !strings.Contains(p.String(), want) {
			t.Errorf("printed policy lacks %q", want)
		}
	}
	if o := p.URLOptions(); o.Schemes != nil {
		t.Errorf("URLOptions().Schemes = %v, want nil (every scheme)", o.Schemes)
	}
}

// TestMigrationSettingsErrors: each setting refuses what it cannot keep
// safely, naming the setting.
func TestMigrationSettingsErrors(t *testing.T) {
	tests := []struct{ name, file, field string }{
		{"star with others", "extends: ugc\nurls: {schemes: [\"*\", https]}\n", "urls.schemes"},
		{"star in add", "extends: ugc\nadd: {schemes: [\"*\"]}\n", "add.schemes[0]"},
		{"deny without star", "extends: ugc\nurls: {deny_schemes: [ftp]}\n", "urls.deny_schemes"},
		{"deny not a scheme", "extends: ugc\nurls: {schemes: [\"*\"], deny_schemes: [\"f:\"]}\n", "urls.deny_schemes[0]"},
		{"svg data image", "extends: ugc\nurls: {data_images: {types: [image/svg+xml], max_bytes: 10}}\n", "urls.data_images.types[0]"},
		{"data image without size", "extends: ugc\nurls: {data_images: {types: [image/png]}}\n", "urls.data_images.max_bytes"},
		{"data image size without types", "extends: ugc\nurls: {data_images: {max_bytes: 10}}\n", "urls.data_images.max_bytes"},
		{"data image over the attribute limit", "extends: ugc\nurls: {data_images: {types: [image/png], max_bytes: 65536}}\n", "urls.data_images.max_bytes"},
		{"data image without img", "extends: basic\nurls: {data_images: {types: [image/png], max_bytes: 10}}\n", "urls.data_images"},
		{"author rel opener", "extends: ugc\nlinks: {author_rel: [opener]}\n", "links.author_rel[0]"},
		{"author rel not a token", "extends: ugc\nlinks: {author_rel: [\"a b\"]}\n", "links.author_rel[0]"},
		{"target keyword unknown", "extends: ugc\nlinks: {targets: [_new]}\n", "links.targets[0]"},
		{"target with a space", "extends: ugc\nlinks: {targets: [\"a b\"]}\n", "links.targets[0]"},
		{"targets without links", "extends: strict\nlinks: {targets: [_blank]}\n", "links"},
		{"crossorigin credentials", "extends: ugc\ncrossorigin: use-credentials\n", "crossorigin"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(tc.file), "p.yaml")
			var ce *ConfigError
			if !errors.As(err, &ce) || ce.Field != tc.field {
				t.Errorf("Load(%q) = %v, want an error on %s", tc.file, err, tc.field)
			}
		})
	}
}

// TestNotOneOf: the bluemonday stage's scheme pattern under ["*"]
// matches every scheme but the denied ones, over random schemes built
// from the denied words' letters, so that near misses are common.
func TestNotOneOf(t *testing.T) {
	deny := []string{"data", "file", "ftp", "javascript", "livescript", "vbscript", "ws", "wss", "a", "a-b", "x.y+z"}
	re := regexp.MustCompile(notOneOf(deny))
	for _, s := range deny {
		if re.MatchString(s) {
			t.Errorf("notOneOf matches the denied %q", s)
		}
	}
	for _, s := range []string{"https", "http", "mailto", "web+foo", "dat", "datas", "fil", "files", "w", "wsx", "ab", "a-", "x.y+", "irc"} {
		if !re.MatchString(s) {
			t.Errorf("notOneOf does not match %q", s)
		}
	}
	for _, s := range []string{"", "1a", "+a", "a b", "A", "a:"} {
		if re.MatchString(s) {
			t.Errorf("notOneOf matches %q, not a lower-case scheme", s)
		}
	}
	const letters = "adefijlstvwxy+-.bc"
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := []byte{"adfjlvwx"[rng.IntN(8)]}
		for range rng.IntN(11) {
			b = append(b, letters[rng.IntN(len(letters))])
		}
		s := string(b)
		if got, want := re.MatchString(s), !slices.Contains(deny, s); got != want {
			t.Fatalf("notOneOf matches %q: %v, want %v", s, got, want)
		}
	}
}
