package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// A fileKey is a file's identity: its device and inode numbers.
type fileKey struct{ dev, ino uint64 }

// A fileState is what stateOf reads from a stat; two states differ if the
// file was replaced, written, or had its mode, owner or links changed.
type fileState struct {
	key          fileKey
	size         int64
	mtime, ctime int64
	mode         fs.FileMode
	nlink        uint64
	uid, gid     uint32
}

// A fileSet holds files by identity, to find whether a path names one of
// them. With device and inode numbers (Unix) a lookup is one map access;
// elsewhere the files of the same size are compared with os.SameFile.
// Either way the work is linear in the number of files, as long as few
// have the same size where there are no inode numbers.
type fileSet struct {
	keys   map[fileKey]string
	bySize map[int64][]namedInfo
}

type namedInfo struct {
	name string
	fi   fs.FileInfo
}

// add records fi under name; a file added twice keeps its first name.
func (s *fileSet) add(name string, fi fs.FileInfo) {
	if k, ok := keyOf(fi); ok {
		if s.keys == nil {
			s.keys = map[fileKey]string{}
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

// find returns the name under which the file fi was added, if it was.
func (s *fileSet) find(fi fs.FileInfo) (string, bool) {
	if k, ok := keyOf(fi); ok {
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

// sameFile returns why an output (-o, -report) would overwrite an input
// or another output, or "". It runs before anything is opened for
// writing: opening -report truncates it, and an input truncated before
// it is read is lost. Files are compared by identity, so hard links,
// symlinks and other spellings of a path are caught; an output that does
// not exist yet cannot be an input, and is compared with the other
// outputs by its absolute path.
func (pl *plan) sameFile(f *cleanFlags) string {
	var inputs, outputs fileSet
	for _, j := range pl.jobs {
		if j.info != nil {
			inputs.add(j.path, j.info)
		}
	}
	newOut := map[string]string{} // absolute path → -o output not yet written
	for _, j := range pl.jobs {
		if j.out == "" {
			continue
		}
		fi, err := os.Stat(j.out)
		if err != nil {
			abs, _ := filepath.Abs(j.out)
			newOut[abs] = j.out
			continue
		}
		if in, ok := inputs.find(fi); ok {
			return fmt.Sprintf("-o %s: the output %s would overwrite the input %s (-w rewrites files in place)", f.out, j.out, in)
		}
		outputs.add(j.out, fi)
	}
	if f.report == "" || f.report == "-" {
		return ""
	}
	fi, err := os.Stat(f.report)
	if err != nil {
		abs, _ := filepath.Abs(f.report)
		if out, ok := newOut[abs]; ok {
			return fmt.Sprintf("-report %s: the report would overwrite the output %s", f.report, out)
		}
		return ""
	}
	if in, ok := inputs.find(fi); ok {
		return fmt.Sprintf("-report %s: the report would overwrite the input %s", f.report, in)
	}
	if out, ok := outputs.find(fi); ok {
		return fmt.Sprintf("-report %s: the report would overwrite the output %s", f.report, out)
	}
	return ""
}
