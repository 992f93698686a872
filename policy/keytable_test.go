package policy

import (
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// fileKeys returns the keys of the file format under t, from the yaml
// struct tags: nested settings ("urls.relative") are opened, lists,
// maps, Add, Remove and DataImages are one key each, and fields the
// file never holds (yaml:"-") are left out.
func fileKeys(t reflect.Type, prefix string) []string {
	var out []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		switch {
		case name == "-":
			continue
		case name == "" && f.Type.Kind() == reflect.Struct:
			out = append(out, fileKeys(f.Type, prefix)...) // inline
			continue
		}
		key := prefix + name
		if f.Type.Kind() == reflect.Struct && f.Type != reflect.TypeFor[Change]() && f.Type != reflect.TypeFor[DataImages]() {
			out = append(out, fileKeys(f.Type, key+".")...)
			continue
		}
		out = append(out, key)
	}
	return out
}

var (
	// wordListRE matches a list of allowed words: "`a`, `b` or `c`".
	wordListRE = regexp.MustCompile("`[a-z]+`(?:(?:, |, or | or )`[a-z]+`)+")
	parenRE    = regexp.MustCompile(` ?\([^()]*\)`)
	codeRE     = regexp.MustCompile("`([^`]+)`")
)

// TestPolicyDocsKeyTable: docs/policy.md's "Every key" table documents
// every key of the file format and no other, and where a row lists the
// allowed words of an enumerated setting, they are the words Compile
// accepts, in the order its error gives them; a setting of one word
// (svg, mathml, crossorigin) has its row name it.
func TestPolicyDocsKeyTable(t *testing.T) {
	data, err := os.ReadFile("../docs/policy.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(data), "\n## Every key\n")
	section, _, _ = strings.Cut(section, "\n## ")
	documented := map[string]string{} // key → its "what" cell
	for line := range strings.Lines(section) {
		cells := strings.Split(strings.TrimSpace(line), "|") // "", keys, what, default, ""
		if len(cells) != 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		for _, k := range codeRE.FindAllStringSubmatch(cells[1], -1) {
			documented[k[1]] = cells[2]
		}
	}
	keys := fileKeys(reflect.TypeFor[Config](), "")
	for _, k := range keys {
		if _, ok := documented[k]; !ok {
			t.Errorf("key %s is not in docs/policy.md's table", k)
		}
	}
	for k := range documented {
		if !slices.Contains(keys, k) {
			t.Errorf("docs/policy.md documents %s, which is no key of Config", k)
		}
	}
	words := settingWords()
	for k, want := range words {
		if !slices.Contains(keys, k) {
			t.Errorf("enumerated setting %s is no key of Config", k)
		}
		what := documented[k]
		if !strings.Contains(want, ", ") {
			// One word (svg: safe, crossorigin: anonymous): the row
			// names it, alone or after its key.
			named := false
			for _, c := range codeRE.FindAllStringSubmatch(what, -1) {
				named = named || c[1] == want || strings.HasSuffix(c[1], ": "+want)
			}
			if !named {
				t.Errorf("docs/policy.md does not name %s's one word %s", k, want)
			}
			continue
		}
		for w := ""; w != what; { // innermost parentheses first: "(`url()`)"
			w, what = what, parenRE.ReplaceAllString(what, "")
		}
		list := wordListRE.FindString(what)
		if list == "" {
			continue // the row does not list the words
		}
		var got []string
		for _, w := range codeRE.FindAllStringSubmatch(list, -1) {
			got = append(got, w[1])
		}
		if g := strings.Join(got, ", "); g != want {
			t.Errorf("docs/policy.md lists %s as %s, want %s", k, g, want)
		}
	}
}
