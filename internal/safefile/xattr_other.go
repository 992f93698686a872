//go:build unix && !linux

package safefile

// copyXattrs keeps nothing: extended attributes are kept on Linux only.
func copyXattrs(src, dst string) error { return nil }
