package sanitize

import (
	"os"
	"testing"
)

// longTests says whether the tests that sample a large space run it all,
// as CI does (HTMLCLEAN_LONG=1), or a part that keeps go test ./...
// under a minute. TestContainment then places the bench comments too,
// and every output in every container narrower than a div; otherwise the
// corpus and fragments only, in p and a, the two narrow containers whose
// content models differ most (the browser stage places them in all).
func longTests() bool { return os.Getenv("HTMLCLEAN_LONG") != "" && !testing.Short() }

// LongTests is longTests for the tests of package sanitize_test.
var LongTests = longTests
