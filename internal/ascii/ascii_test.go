package ascii

import "testing"

func TestLower(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "abc": "abc", "ABC": "abc", "xn--FA-HIA.De": "xn--fa-hia.de",
		"\u212Aelvin": "\u212Aelvin", "ÀB": "Àb", "Image/PNG": "image/png", "@[`{": "@[`{",
	} {
		if got := Lower(in); got != want {
			t.Errorf("Lower(%q) = %q, want %q", in, got, want)
		}
	}
	if n := testing.AllocsPerRun(10, func() { _ = Lower("already lower") }); n != 0 {
		t.Errorf("Lower of a lower-case string allocates %v times", n)
	}
}
