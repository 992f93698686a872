//go:build !unix

package main

import (
	"fmt"
	"io/fs"
)

// keepMeta gives the new file t the old file's permission bits; the
// other attributes are not Unix ones here and are not kept.
func keepMeta(t tempFile, fi fs.FileInfo, path string) error {
	if err := t.Chmod(fi.Mode().Perm()); err != nil {
		return fmt.Errorf("%s: cannot write: %s", path, ioMessage(err))
	}
	return nil
}

// writable reports whether the file's owner write bit is set (the
// read-only attribute, on Windows).
func writable(fi fs.FileInfo) bool { return fi.Mode().Perm()&0o200 != 0 }

// ownable is true: ownership is not kept here.
func ownable(fs.FileInfo) bool { return true }
