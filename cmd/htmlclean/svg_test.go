package main

import (
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const svgIn = `<?xml version="1.0"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2" onload="alert(1)"><linearGradient id="g"/><rect width=2 fill="url(#g)"/><script>alert(1)</script></svg>
`

const svgOut = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><linearGradient id="g"/><rect width="2" fill="url(#g)"/></svg>
`

// TestSVGStdin: -svg reads a standalone SVG file and writes one, under
// svg-upload by default.
func TestSVGStdin(t *testing.T) {
	got := invoke(t, svgIn, "-svg")
	if got.exit != 0 || got.stdout != svgOut || got.stderr != "" {
		t.Fatalf("-svg = %d, %q, %q; want 0, %q, \"\"", got.exit, got.stdout, got.stderr, svgOut)
	}
	if err := readXML(got.stdout); err != nil {
		t.Errorf("output is not well-formed XML: %v", err)
	}
}

// TestSVGRefused: a doctype declaring entities is refused, exit 1, with
// nothing on standard output.
func TestSVGRefused(t *testing.T) {
	got := invoke(t, `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>`, "-svg")
	if got.exit != 1 || got.stdout != "" || !strings.Contains(got.stderr, "never expanded") {
		t.Errorf("-svg with an entity = %d, %q, %q; want 1, \"\", the entity refused", got.exit, got.stdout, got.stderr)
	}
}

// TestSVGPresetFlag: -preset still wins over -svg's default; a preset
// without svg removes the root, which is an error.
func TestSVGPresetFlag(t *testing.T) {
	got := invoke(t, svgIn, "-svg", "-preset", "ugc")
	if got.exit != 1 || got.stdout != "" || !strings.Contains(got.stderr, "removes the svg root") {
		t.Errorf("-svg -preset ugc = %d, %q, %q; want 1 and the root removed", got.exit, got.stdout, got.stderr)
	}
}

// TestSVGDirectory: -svg walks a directory's *.svg files and mirrors them
// into -o, skipping the rest.
func TestSVGDirectory(t *testing.T) {
	in, out := t.TempDir(), filepath.Join(t.TempDir(), "out")
	for name, body := range map[string]string{"a.svg": svgIn, "sub/B.SVG": svgIn, "c.html": "<p>x"} {
		p := filepath.Join(in, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := invoke(t, "", "-svg", "-o", out+"/", in)
	if got.exit != 0 {
		t.Fatalf("exit %d: %s", got.exit, got.stderr)
	}
	for _, name := range []string{"a.svg", "sub/B.SVG"} {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || string(b) != svgOut {
			t.Errorf("%s = %q, %v; want %q", name, b, err, svgOut)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "c.html")); err == nil {
		t.Errorf("c.html was written with -svg")
	}
}

// TestSVGPrintPolicy: -svg -print-policy prints svg-upload.
func TestSVGPrintPolicy(t *testing.T) {
	got := invoke(t, "", "-svg", "-print-policy")
	if got.exit != 0 || !strings.HasPrefix(got.stdout, `# the "svg-upload" preset`) {
		t.Errorf("-svg -print-policy = %d, %q...", got.exit, got.stdout[:min(80, len(got.stdout))])
	}
}

// readXML reads s to its end as XML.
func readXML(s string) error {
	d := xml.NewDecoder(strings.NewReader(s))
	for {
		if _, err := d.Token(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}
