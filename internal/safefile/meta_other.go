//go:build !unix

package safefile

import "io/fs"

// keepMeta gives the new file t the old file's permission bits; the
// other attributes are not Unix ones here and are not kept.
func keepMeta(t File, fi fs.FileInfo, path string) error {
	if err := t.Chmod(fi.Mode().Perm()); err != nil {
		return &Error{Op: OpWrite, Path: path, Err: err}
	}
	return nil
}

// Writable reports whether the file's owner write bit is set (the
// read-only attribute, on Windows).
func Writable(fi fs.FileInfo) bool { return fi.Mode().Perm()&0o200 != 0 }

// Ownable is true: ownership is not kept here.
func Ownable(fs.FileInfo) bool { return true }
