package safefile

import (
	"io/fs"
	"os"
)

// A Key is a file's identity on Unix: its device and inode numbers. Two
// paths (hard links, symlinks, bind mounts) name the same file exactly
// when their keys agree, as os.SameFile decides there.
type Key struct{ Dev, Ino uint64 }

// A state is what stateOf reads from a stat; two states differ if the
// file was replaced, written, or had its mode, owner or links changed.
type state struct {
	key          Key
	size         int64
	mtime, ctime int64
	mode         fs.FileMode
	nlink        uint64
	uid, gid     uint32
}

// A Set holds files by identity, to find whether a path names one of
// them. With a [Key] (Unix) a lookup is one map access; elsewhere the
// files of the same size are compared with os.SameFile. Either way the
// work is linear in the number of files, as long as few have the same
// size where there are no keys. The zero value is an empty set; a Set is
// not safe for concurrent use.
type Set struct {
	keys   map[Key]string
	bySize map[int64][]namedInfo
}

type namedInfo struct {
	name string
	fi   fs.FileInfo
}

// Add records fi under name; a file added twice keeps its first name.
func (s *Set) Add(name string, fi fs.FileInfo) {
	if k, ok := KeyOf(fi); ok {
		if s.keys == nil {
			s.keys = map[Key]string{}
		}
		if _, dup := s.keys[k]; !dup {
			s.keys[k] = name
		}
		return
	}
	if s.bySize == nil {
		s.bySize = map[int64][]namedInfo{}
	}
	s.bySize[fi.Size()] = append(s.bySize[fi.Size()], namedInfo{name, fi})
}

// Find returns the name under which the file fi was added, if it was.
func (s *Set) Find(fi fs.FileInfo) (string, bool) {
	if k, ok := KeyOf(fi); ok {
		name, found := s.keys[k]
		return name, found
	}
	for _, c := range s.bySize[fi.Size()] {
		if os.SameFile(c.fi, fi) {
			return c.name, true
		}
	}
	return "", false
}
