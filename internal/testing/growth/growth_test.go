package growth

import (
	"fmt"
	"strings"
	"testing"
)

// recorder is a testing.TB that remembers a failure instead of failing.
type recorder struct {
	testing.TB
	failed string
}

func (r *recorder) Errorf(format string, args ...any) { r.failed = fmt.Sprintf(format, args...) }
func (r *recorder) Helper()                           {}

// TestCheckSeesQuadratic: Check fails quadratic work and passes linear
// work. Without it, a cost function that measured nothing would pass
// every growth test in the module.
func TestCheckSeesQuadratic(t *testing.T) {
	if raceEnabled {
		t.Skip("timing under the race detector measures its instrumentation")
	}
	gen := func(n int) string { return strings.Repeat("k", n) }
	sink := 0
	quadratic := func(s string) {
		for i := range len(s) {
			sink += strings.IndexByte(s[i:], 'x') // scans to the end: n²/2 bytes
		}
	}
	linear := func(s string) { sink += strings.Count(s, "x") }

	q := &recorder{TB: t}
	Check(q, 2000, gen, quadratic)
	if q.failed == "" {
		t.Error("Check passed work that grows quadratically")
	}
	l := &recorder{TB: t}
	Check(l, 20000, gen, linear)
	if l.failed != "" {
		t.Errorf("Check failed linear work: %s", l.failed)
	}
	_ = sink
}
