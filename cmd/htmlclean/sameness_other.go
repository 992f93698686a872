//go:build !unix

package main

import "io/fs"

// keyOf reports false: without device and inode numbers, files are
// compared with os.SameFile (see fileSet).
func keyOf(fs.FileInfo) (fileKey, bool) { return fileKey{}, false }

// stateOf is what a stat says about a file: size, modification time and
// mode.
func stateOf(fi fs.FileInfo) fileState {
	return fileState{size: fi.Size(), mtime: fi.ModTime().UnixNano(), mode: fi.Mode()}
}

// owner reports false: ownership is not a Unix user and group here.
func owner(fs.FileInfo) (uid, gid int, ok bool) { return 0, 0, false }

// links returns 1: hard links are not counted here.
func links(fs.FileInfo) uint64 { return 1 }
