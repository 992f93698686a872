package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/htmlclean/htmlclean/internal/safefile"
)

// A walker adds the HTML files under a directory named on the command
// line to a plan. The directory itself is followed if it is a symlink (as
// find -H does: the user named it); symlinks met inside are skipped and
// counted, so a walk stays inside the tree and cannot be led out of it or
// around in a loop. Loops that need no symlink (a bind mount of a
// directory inside itself) are found by device and inode.
type walker struct {
	pl     *plan
	root   string
	outDir string      // -o DIR: where the tree is mirrored, or ""
	skip   fs.FileInfo // the existing -o directory: output, never input
	// key is safefile.KeyOf; tests replace it to fake a loop.
	key func(fs.FileInfo) (safefile.Key, bool)
	// open holds the directories from root to the one being read.
	open map[safefile.Key]string
}

// walk adds the files under root, whose stat (through a symlink) is fi,
// in lexical order. With outDir, each output mirrors its path relative
// to root.
func (pl *plan) walk(root string, fi fs.FileInfo, outDir string, skip fs.FileInfo) {
	w := &walker{pl: pl, root: root, outDir: outDir, skip: skip, key: safefile.KeyOf}
	w.dir(root, fi)
}

// dir adds the files of the directory path and recurses into its
// subdirectories.
func (w *walker) dir(path string, fi fs.FileInfo) {
	k, hasKey := w.key(fi)
	if hasKey {
		if prev, loop := w.open[k]; loop {
			w.fail(path, fmt.Sprintf("directory loop: the same directory as %s", prev))
			return
		}
		if w.open == nil {
			w.open = map[safefile.Key]string{}
		}
		w.open[k] = path
		defer delete(w.open, k)
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		// ReadDir returns the entries it read before the error; the
		// directory is reported and not walked further, as WalkDir does.
		w.fail(path, ioMessage(err))
		return
	}
	for _, d := range entries {
		w.entry(filepath.Join(path, d.Name()), d)
	}
}

// entry adds one directory entry: a file job, a subdirectory's files, a
// stale temporary file to remove, or a count of skipped entries.
func (w *walker) entry(path string, d fs.DirEntry) {
	t := d.Type()
	switch {
	case t&fs.ModeSymlink != 0, !t.IsDir() && !t.IsRegular():
		w.pl.skipped++
		return
	case t.IsRegular() && safefile.IsTemp(d.Name()):
		w.pl.temps = append(w.pl.temps, path)
		return
	case t.IsRegular() && !w.pl.takes(d.Name()):
		w.pl.skipped++
		return
	}
	fi, err := d.Info()
	if err != nil {
		w.fail(path, ioMessage(err))
		return
	}
	if t.IsDir() {
		if w.skip == nil || !os.SameFile(w.skip, fi) {
			w.dir(path, fi)
		}
		return
	}
	j := job{path: path, mode: fi.Mode().Perm(), size: fi.Size(), info: fi}
	if w.outDir != "" {
		rel, _ := filepath.Rel(w.root, path)
		j.out = filepath.Join(w.outDir, rel)
	}
	w.pl.add(j)
}

// fail records a path that cannot be walked, in its place in the order.
func (w *walker) fail(path, msg string) {
	w.pl.jobs = append(w.pl.jobs, job{path: path, err: path + ": " + msg})
}
