//go:build unix

package safefile

import (
	"io/fs"
	"syscall"
)

// KeyOf returns the device and inode of fi, or false if the stat does not
// carry them.
func KeyOf(fi fs.FileInfo) (Key, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return Key{}, false
	}
	return Key{Dev: uint64(st.Dev), Ino: uint64(st.Ino)}, true
}

// stateOf is what a stat says about a file that a rewrite could lose or
// that changes when someone else writes it: identity, size, times, mode,
// owner and link count. The change time moves on every write, chmod,
// chown and xattr change, so a concurrent change is seen even when it
// keeps the size and sets the modification time back.
func stateOf(fi fs.FileInfo) state {
	s := state{size: fi.Size(), mtime: fi.ModTime().UnixNano(), mode: fi.Mode()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		s.key = Key{Dev: uint64(st.Dev), Ino: uint64(st.Ino)}
		s.ctime = ctimeOf(st)
		s.nlink = uint64(st.Nlink)
		s.uid, s.gid = st.Uid, st.Gid
	}
	return s
}

// Owner returns the user and group that own fi, or false if the stat
// does not say.
func Owner(fi fs.FileInfo) (uid, gid int, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return int(st.Uid), int(st.Gid), true
}

// Links returns how many names fi has (1 if the stat does not say).
func Links(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
