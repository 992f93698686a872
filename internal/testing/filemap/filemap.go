// Package filemap checks a package doc's file map: the paragraph after
// "Where each step lives" that names each file of the package and what
// it holds. A test of the package calls [Check] so that the map names
// every non-test file and no file that is gone.
package filemap

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// heading opens the file map in a package doc.
const heading = "Where each step lives"

// fileName matches a file name or a glob of them (sanitizer*.go) in the map.
var fileName = regexp.MustCompile(`[A-Za-z0-9_*]+\.go\b`)

// Check reads the package doc of the Go package in dir and returns one
// error per non-test .go file its file map does not name, and per name
// in the map that matches no file. A doc without a file map is an error.
func Check(dir string) []error {
	names, err := sources(dir)
	if err != nil {
		return []error{err}
	}
	doc, err := packageDoc(dir, names)
	if err != nil {
		return []error{err}
	}
	at := strings.Index(doc, heading)
	if at < 0 {
		return []error{fmt.Errorf("%s: package doc has no %q file map", dir, heading)}
	}
	mapped := fileName.FindAllString(mapSection(doc[at:]), -1)
	var errs []error
	for _, n := range names {
		if !matchesAny(mapped, []string{n}) {
			errs = append(errs, fmt.Errorf("%s: file map does not name %s", dir, n))
		}
	}
	for _, m := range mapped {
		if !matchesAny([]string{m}, names) {
			errs = append(errs, fmt.Errorf("%s: file map names %s, which is not a file of the package", dir, m))
		}
	}
	return errs
}

// mapSection is the doc from the file map's heading to the next heading.
func mapSection(doc string) string {
	if end := strings.Index(doc, "\n# "); end >= 0 {
		return doc[:end]
	}
	return doc
}

// matchesAny reports whether one of the patterns matches one of the names.
func matchesAny(patterns, names []string) bool {
	for _, p := range patterns {
		for _, n := range names {
			if ok, _ := path.Match(p, n); ok {
				return true
			}
		}
	}
	return false
}

// sources lists the package's non-test .go files but doc.go, which
// holds the map, sorted.
func sources(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if !e.IsDir() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") && n != "doc.go" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names, nil
}

// packageDoc returns the text of the package's doc comment, from
// whichever of the files carries it.
func packageDoc(dir string, names []string) (string, error) {
	fset := token.NewFileSet()
	for _, n := range append([]string{"doc.go"}, names...) {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			return "", err
		}
		if f.Doc != nil {
			return f.Doc.Text(), nil
		}
	}
	return "", fmt.Errorf("%s: no package doc", dir)
}
