//go:build unix && !linux

package main

// copyXattrs keeps nothing: extended attributes are kept on Linux only.
func copyXattrs(src, dst string) error { return nil }
