//go:build unix

package main

import (
	"fmt"
	"io/fs"
	"os"
	"slices"
)

// modeBits are the mode bits -w keeps: permissions, setuid, setgid and
// sticky.
const modeBits = fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky

// keepMeta gives the new file t, about to replace the file fi at path,
// the old file's owner and group, extended attributes and mode, or
// returns why it cannot. The order matters: chown clears setuid, setgid
// and file capabilities (chown(2)), so the owner comes first, then the
// attributes, then the mode. Afterwards the new file is stat'ed: the
// kernel drops setgid silently when the group is not one of ours.
func keepMeta(t tempFile, fi fs.FileInfo, path string) error {
	cur, err := t.Stat()
	if err != nil {
		return fmt.Errorf("%s: cannot write: %s", path, ioMessage(err))
	}
	uid, gid, ok := owner(fi)
	if cu, cg, _ := owner(cur); ok && (cu != uid || cg != gid) {
		if err := t.Chown(uid, gid); err != nil {
			return fmt.Errorf("%s: cannot keep owner %d and group %d: %s; left as it is (-inplace keeps them)", path, uid, gid, ioMessage(err))
		}
	}
	if err := copyXattrs(path, t.Name()); err != nil {
		return fmt.Errorf("%s: cannot keep extended attributes: %s; left as it is (-inplace keeps them)", path, ioMessage(err))
	}
	want := fi.Mode() & modeBits
	if err := t.Chmod(want); err != nil {
		return fmt.Errorf("%s: cannot write: %s", path, ioMessage(err))
	}
	now, err := t.Stat()
	if err != nil {
		return fmt.Errorf("%s: cannot write: %s", path, ioMessage(err))
	}
	if got := now.Mode() & modeBits; got != want {
		return fmt.Errorf("%s: cannot keep mode %v (got %v); left as it is (-inplace keeps it)", path, want, got)
	}
	return nil
}

// writable reports whether the file fi is writable for us by its mode
// bits: the owner's bit if it is ours, else the group's if we are in its
// group, else the others'. Root, whom the kernel lets write anything,
// counts as writable any file with a write bit: a file with none was made
// read-only on purpose, and -w leaves it alone unless -force, even for
// root. (gofmt -w opens the file for writing, so the kernel refuses it to
// other users and lets root write it.)
func writable(fi fs.FileInfo) bool {
	perm := fi.Mode().Perm()
	uid, gid, ok := owner(fi)
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

// ownable reports whether a new file we create can be given fi's owner:
// root can give any, others only themselves.
func ownable(fi fs.FileInfo) bool {
	uid, _, ok := owner(fi)
	euid := os.Geteuid()
	return !ok || euid == 0 || euid == uid
}
