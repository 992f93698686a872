package policy

import (
	"os"
	"testing"
)

// longTests says whether the tests that sample a large space run it all,
// as CI does (HTMLCLEAN_LONG=1), or a part that keeps go test ./...
// quick. -short always takes the part.
func longTests() bool { return os.Getenv("HTMLCLEAN_LONG") != "" && !testing.Short() }
