//go:build unix

package main

import (
	"io/fs"
	"syscall"
)

// keyOf returns the device and inode of fi, which name the file itself:
// two paths (hard links, symlinks, bind mounts) are the same file exactly
// when these agree, as os.SameFile decides on Unix.
func keyOf(fi fs.FileInfo) (fileKey, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileKey{}, false
	}
	return fileKey{dev: uint64(st.Dev), ino: uint64(st.Ino)}, true
}

// stateOf is what a stat says about a file that a rewrite could lose or
// that changes when someone else writes it: identity, size, times, mode,
// owner and link count. The change time moves on every write, chmod,
// chown and xattr change, so a concurrent change is seen even when it
// keeps the size and sets the modification time back.
func stateOf(fi fs.FileInfo) fileState {
	s := fileState{size: fi.Size(), mtime: fi.ModTime().UnixNano(), mode: fi.Mode()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		s.key = fileKey{dev: uint64(st.Dev), ino: uint64(st.Ino)}
		s.ctime = ctimeOf(st)
		s.nlink = uint64(st.Nlink)
		s.uid, s.gid = st.Uid, st.Gid
	}
	return s
}

// owner returns the user and group that own fi.
func owner(fi fs.FileInfo) (uid, gid int, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return int(st.Uid), int(st.Gid), true
}

// links returns how many names fi has (1 if the system does not say).
func links(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
