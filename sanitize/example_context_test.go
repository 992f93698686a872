package sanitize_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/htmlclean/htmlclean/policy"
	"github.com/htmlclean/htmlclean/sanitize"
)

// A server bounds the time a document may take with the request's
// context, or one with a deadline of its own. A call that runs out of
// time fails with the context's error; what it wrote is discarded.
func ExampleSanitizeWith_context() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	var out strings.Builder
	err := sanitize.SanitizeWith(&out, strings.NewReader(`<p>Hi <script>alert(1)</script>there</p>`), policy.UGC(), sanitize.Options{Context: ctx})
	fmt.Println(out.String(), err)

	expired, cancel := context.WithDeadline(context.Background(), time.Now())
	defer cancel()
	err = sanitize.SanitizeWith(io.Discard, strings.NewReader(`<p>Hi</p>`), policy.UGC(), sanitize.Options{Context: expired})
	fmt.Println(errors.Is(err, context.DeadlineExceeded))
	// Output:
	// <p>Hi there</p> <nil>
	// true
}

// A context and a report go together in one Options.
func ExampleSanitizeWith_contextAndReport() {
	report := func(c sanitize.Change) { fmt.Println(c.Element, c.Action, c.Reason) }
	o := sanitize.Options{Context: context.Background(), Report: report}
	err := sanitize.SanitizeWith(io.Discard, strings.NewReader(`<b onclick="x()">b</b>`), policy.UGC(), o)
	fmt.Println(err)
	// Output:
	// b removed-attribute event-handler
	// <nil>
}
