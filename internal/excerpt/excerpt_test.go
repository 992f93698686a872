package excerpt

import (
	"fmt"
	"strings"
	"testing"
)

func TestCommasAndMore(t *testing.T) {
	tests := []struct {
		n          int
		want, more string
	}{
		{1, "1", "... and 1 more error"},
		{999, "999", "... and 999 more errors"},
		{99_980, "99,980", "... and 99,980 more errors"},
		{1_234_567, "1,234,567", "... and 1,234,567 more errors"},
	}
	for _, tc := range tests {
		if got := Commas(tc.n); got != tc.want {
			t.Errorf("Commas(%d) = %q, want %q", tc.n, got, tc.want)
		}
		if got := More(tc.n); got != tc.more {
			t.Errorf("More(%d) = %q, want %q", tc.n, got, tc.more)
		}
	}
}

func TestPathAndArgsStayShort(t *testing.T) {
	long := strings.Repeat("k", 1000)
	if got := Path(long); len(got) > 4*maxQuoted || !strings.Contains(got, "…(1000 bytes)") {
		t.Errorf("Path of 1,000 bytes = %.80q (%d bytes), want a cut excerpt", got, len(got))
	}
	if got := Path("links.rel[1]"); got != "links.rel[1]" {
		t.Errorf("Path(%q) = %q, want it unchanged", "links.rel[1]", got)
	}
	if got := fmt.Sprintf("%q", Args([]any{long})...); len(got) > 2*maxQuoted {
		t.Errorf("%%q of an argument of 1,000 bytes is %d bytes", len(got))
	}
}
