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
func ExampleSanitizeContext() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	var out strings.Builder
	err := sanitize.SanitizeContext(ctx, &out, strings.NewReader(`<p>Hi <script>alert(1)</script>there</p>`), policy.UGC())
	fmt.Println(out.String(), err)

	expired, cancel := context.WithDeadline(context.Background(), time.Now())
	defer cancel()
	err = sanitize.SanitizeContext(expired, io.Discard, strings.NewReader(`<p>Hi</p>`), policy.UGC())
	fmt.Println(errors.Is(err, context.DeadlineExceeded))
	// Output:
	// <p>Hi there</p> <nil>
	// true
}

func ExampleSanitizeReportContext() {
	report := func(c sanitize.Change) { fmt.Println(c.Element, c.Action, c.Reason) }
	err := sanitize.SanitizeReportContext(context.Background(), io.Discard, strings.NewReader(`<b onclick="x()">b</b>`), policy.UGC(), report)
	fmt.Println(err)
	// Output:
	// b removed-attribute event-handler
	// <nil>
}
