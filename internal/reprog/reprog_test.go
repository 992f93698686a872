package reprog

import "testing"

func TestUnicodeClasses(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{`abc`, 0}, {`\pL`, 1}, {`[\p{L}\P{N}]`, 2}, {`\\p`, 0}, {`\\\pL`, 1}, {`\`, 0},
	}
	for _, tc := range tests {
		if got := UnicodeClasses(tc.in); got != tc.want {
			t.Errorf("UnicodeClasses(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestSizeRefusesBadPattern(t *testing.T) {
	if n, msg := Size(`a(`); n != 0 || msg == "" {
		t.Errorf("Size(%q) = %d, %q; want 0 and a message", `a(`, n, msg)
	}
	if n, msg := Size(`a{1,1000}`); msg != "" || n < 2000 {
		t.Errorf("Size(%q) = %d, %q; want at least 2,000 instructions", `a{1,1000}`, n, msg)
	}
}
