//go:build unix

package safefile

import (
	"io/fs"
	"os"
	"slices"
)

// modeBits are the mode bits Replace keeps: permissions, setuid, setgid
// and sticky.
const modeBits = fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky

// keepMeta gives the new file t, about to replace the file fi at path,
// the old file's owner and group, extended attributes and mode, or
// returns why it cannot. The order matters: chown clears setuid, setgid
// and file capabilities (chown(2)), so the owner comes first, then the
// attributes, then the mode. Afterwards the new file is stat'ed: the
// kernel drops setgid silently when the group is not one of ours.
func keepMeta(t File, fi fs.FileInfo, path string) error {
	cur, err := t.Stat()
	if err != nil {
		return &Error{Op: OpWrite, Path: path, Err: err}
	}
	uid, gid, ok := Owner(fi)
	if cu, cg, _ := Owner(cur); ok && (cu != uid || cg != gid) {
		if err := t.Chown(uid, gid); err != nil {
			return &Error{Op: OpKeepOwner, Path: path, Err: err, UID: uid, GID: gid}
		}
	}
	if err := copyXattrs(path, t.Name()); err != nil {
		return &Error{Op: OpKeepXattrs, Path: path, Err: err}
	}
	want := fi.Mode() & modeBits
	if err := t.Chmod(want); err != nil {
		return &Error{Op: OpWrite, Path: path, Err: err}
	}
	now, err := t.Stat()
	if err != nil {
		return &Error{Op: OpWrite, Path: path, Err: err}
	}
	if got := now.Mode() & modeBits; got != want {
		return &Error{Op: OpKeepMode, Path: path, Mode: want, Got: got}
	}
	return nil
}

// Writable reports whether the file fi is writable for us by its mode
// bits: the owner's bit if it is ours, else the group's if we are in its
// group, else the others'. Root, whom the kernel lets write anything,
// counts as writable any file with a write bit: a file with none was made
// read-only on purpose, and a caller that leaves read-only files alone
// should leave it alone even for root. (gofmt -w opens the file for
// writing, so the kernel refuses it to other users and lets root write
// it.)
func Writable(fi fs.FileInfo) bool {
	perm := fi.Mode().Perm()
	uid, gid, ok := Owner(fi)
	switch euid := os.Geteuid(); {
	case !ok:
		return perm&0o200 != 0
	case euid == 0:
		return perm&0o222 != 0
	case euid == uid:
		return perm&0o200 != 0
	case inGroup(gid):
		return perm&0o020 != 0
	}
	return perm&0o002 != 0
}

// inGroup reports whether gid is our effective group or a supplementary
// one.
func inGroup(gid int) bool {
	if gid == os.Getegid() {
		return true
	}
	groups, err := os.Getgroups()
	return err == nil && slices.Contains(groups, gid)
}

// Ownable reports whether a new file we create can be given fi's owner,
// as [Writer.Replace] does: root can give any, others only themselves.
func Ownable(fi fs.FileInfo) bool {
	uid, _, ok := Owner(fi)
	euid := os.Geteuid()
	return !ok || euid == 0 || euid == uid
}
