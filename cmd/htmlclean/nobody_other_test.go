//go:build !linux

package main

import (
	"os"
	"testing"
)

// asNobody skips a test that needs an ordinary user when run as root: the
// re-run as nobody is written for Linux.
func asNobody(t *testing.T, setup func(t *testing.T, dir string) (env []string)) bool {
	t.Helper()
	if os.Geteuid() == 0 {
		t.Skip("running as root: this test needs an ordinary user")
	}
	return false
}
