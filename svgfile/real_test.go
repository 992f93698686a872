package svgfile_test

import (
	"encoding/xml"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/svgfile"
)

// realFiles returns the SVG files under testdata/real (README.md there
// says where each set comes from).
func realFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir("testdata/real", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".svg") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 200 {
		t.Fatalf("%d real files, want at least 200", len(files))
	}
	return files
}

// refRE finds a same-document reference: url(#id), href="#id" or
// xlink:href="#id", quoted either way.
var refRE = regexp.MustCompile(`url\(\s*['"]?#([^'")\s]+)|href\s*=\s*['"]#([^'"]+)`)

// TestRealFiles: every real file comes out as well-formed XML in the SVG
// namespace, every id a reference of the input names is kept, and so is
// every such reference, and every reference left names an id of the
// output.
func TestRealFiles(t *testing.T) {
	p := policy.SVGUpload()
	for _, path := range realFiles(t) {
		t.Run(strings.TrimPrefix(path, "testdata/real/"), func(t *testing.T) {
			t.Parallel()
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got, err := svgfile.String(string(raw), p)
			if err != nil {
				t.Fatalf("Clean: %v", err)
			}
			ids := checkXML(t, got)
			inRefs, outRefs := refs(string(raw)), refs(got)
			inIDs := xmlIDs(t, string(raw))
			for _, r := range inRefs {
				if slices.Contains(inIDs, r) && !slices.Contains(ids, r) {
					t.Errorf("id %q, which the input references, is gone", r)
				}
			}
			if want := resolved(inRefs, inIDs); len(outRefs) != want {
				t.Errorf("%d same-document references kept, want %d (the input's that name an id)", len(outRefs), want)
			}
			for _, r := range outRefs {
				if !slices.Contains(ids, r) {
					t.Errorf("reference #%s names no id of the output", r)
				}
			}
		})
	}
}

// refs returns the ids the same-document references of s name, one per
// reference.
func refs(s string) []string {
	var out []string
	for _, m := range refRE.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1]+m[2])
	}
	return out
}

// resolved counts the references that name one of ids.
func resolved(refs, ids []string) int {
	n := 0
	for _, r := range refs {
		if slices.Contains(ids, r) {
			n++
		}
	}
	return n
}

// xmlIDs returns the id attributes of an XML document's elements that
// svg: safe keeps: a reference to a filter, say, goes with the filter.
func xmlIDs(t *testing.T, s string) []string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	d.Strict = false
	var ids []string
	for {
		tok, err := d.Token()
		if err != nil {
			return ids
		}
		if se, ok := tok.(xml.StartElement); ok {
			for _, a := range se.Attr {
				if a.Name.Local == "id" && a.Name.Space == "" && slices.Contains(rules.SVGSafeElements, "svg:"+strings.ToLower(se.Name.Local)) {
					ids = append(ids, a.Value)
				}
			}
		}
	}
}

// The namespaces an output's attributes may be in.
const (
	nsXLink = "http://www.w3.org/1999/xlink"
	nsXML   = "http://www.w3.org/XML/1998/namespace"
)

// checkXML fails t unless s reads to its end as XML, every element in
// the SVG namespace under an svg root and every attribute in none, XLink
// or XML's; it returns the ids.
func checkXML(t *testing.T, s string) []string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	var ids []string
	depth := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, s)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if tok.Name.Space != "http://www.w3.org/2000/svg" || depth == 0 && tok.Name.Local != "svg" {
				t.Fatalf("element %v outside the SVG namespace, or not an svg root", tok.Name)
			}
			depth++
			for _, a := range tok.Attr {
				switch a.Name.Space {
				case "", nsXLink, nsXML, "xmlns":
				default:
					t.Errorf("attribute %v in namespace %q", a.Name, a.Name.Space)
				}
				if a.Name.Local == "id" && a.Name.Space == "" {
					ids = append(ids, a.Value)
				}
			}
		case xml.EndElement:
			depth--
		}
	}
	return ids
}
