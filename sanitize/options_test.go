package sanitize

import (
	"context"
	"errors"
	"testing"

	"github.com/htmlclean/htmlclean/policy"
)

// stringReport sanitises s with [StringWith] and returns the changes its
// report was called with, in order, also on error.
func stringReport(s string, p *policy.Policy) (string, []Change, error) {
	var changes []Change
	out, err := StringWith(s, p, Options{Report: func(c Change) { changes = append(changes, c) }})
	return out, changes, err
}

// TestStringWithContext: StringWith stops on a done context, as
// SanitizeWith does, and with a live one or none writes what String does.
func TestStringWithContext(t *testing.T) {
	p := policy.UGC()
	in := streamDoc(smallInput/streamElement + 8)
	want, err := String(in, p)
	if err != nil {
		t.Fatal(err)
	}
	expired, cancel := context.WithCancel(context.Background())
	cancel()
	if got, err := StringWith(in, p, Options{Context: expired}); !errors.Is(err, context.Canceled) || got != "" {
		t.Errorf("StringWith(cancelled) = %.40q, %v; want \"\", %v", got, err, context.Canceled)
	}
	for _, o := range []Options{{}, {Context: t.Context()}} {
		if got, err := StringWith(in, p, o); err != nil || got != want {
			t.Errorf("StringWith(%v) = %v; output as String's: %v", o.Context, err, got == want)
		}
	}
}
