package fuzz

import (
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/htmlclean/htmlclean/fuzz/internal/oracle"
	"github.com/htmlclean/htmlclean/internal/testing/safety"
	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
	"github.com/htmlclean/htmlclean/svgfile"
)

// FuzzSVGFile checks svgfile.String under svg-upload:
//   - no panic; an error is only an *svgfile.Error or a
//     *sanitize.LimitError, with no output;
//   - the output reads to its end as XML, its root svg in the SVG
//     namespace and every element in it;
//   - the output, parsed as a browser parses HTML, has nothing that runs
//     script and no URL with a scheme (svg-upload allows none);
//   - cleaning the output again changes nothing.
func FuzzSVGFile(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "svgfile", "testdata", "real", "*", "*.svg"))
	for i, file := range files {
		if i%10 == 0 {
			b, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(string(b))
		}
	}
	for _, s := range jsonlField(f, filepath.Join("xss", "dompurify_fixtures.jsonl"), "input") {
		f.Add(`<svg xmlns="http://www.w3.org/2000/svg">` + s + `</svg>`)
	}
	f.Add(`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "b">]><svg>&a;</svg>`)
	f.Add(`<svg><set attributeName="href" to="javascript:alert(1)"/><use href="#a"/><g id="a"/></svg>`)
	p := policy.SVGUpload()
	f.Fuzz(func(t *testing.T, in string) {
		out, err := svgfile.String(in, p)
		if err != nil {
			var se *svgfile.Error
			var le *sanitize.LimitError
			if !errors.As(err, &se) && !errors.As(err, &le) {
				t.Fatalf("String(%q): %v", in, err)
			}
			if out != "" {
				t.Fatalf("output with an error: %q", out)
			}
			return
		}
		if err := svgXML(out); err != nil {
			t.Fatalf("%v\ninput:  %q\noutput: %q", err, in, out)
		}
		body := strings.TrimPrefix(out, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
		for _, problem := range safety.ProblemsWith(body, []string{safety.Fragment}, safety.FragmentScheme(oracle.BrowserScheme)) {
			t.Errorf("%s\ninput:  %q\noutput: %q", problem, in, out)
		}
		if again, err := svgfile.String(out, p); err != nil || again != out {
			t.Fatalf("not idempotent:\ninput: %q\nonce:  %q\ntwice: %q (%v)", in, out, again, err)
		}
	})
}

// svgXML reads s to its end as XML and checks that every element is in
// the SVG namespace, under an svg root.
func svgXML(s string) error {
	d := xml.NewDecoder(strings.NewReader(s))
	root := true
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if se, ok := tok.(xml.StartElement); ok {
			if se.Name.Space != "http://www.w3.org/2000/svg" || root && se.Name.Local != "svg" {
				return errors.New("element " + se.Name.Space + " " + se.Name.Local + " outside the SVG namespace or not an svg root")
			}
			root = false
		}
	}
}
