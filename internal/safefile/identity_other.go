//go:build !unix

package safefile

import "io/fs"

// KeyOf reports false: without device and inode numbers, files are
// compared with os.SameFile (see Set).
func KeyOf(fs.FileInfo) (Key, bool) { return Key{}, false }

// stateOf is what a stat says about a file: size, modification time and
// mode.
func stateOf(fi fs.FileInfo) state {
	return state{size: fi.Size(), mtime: fi.ModTime().UnixNano(), mode: fi.Mode()}
}

// Owner reports false: ownership is not a Unix user and group here.
func Owner(fs.FileInfo) (uid, gid int, ok bool) { return 0, 0, false }

// Links returns 1: hard links are not counted here.
func Links(fs.FileInfo) uint64 { return 1 }
