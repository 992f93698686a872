package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A plan is the work of one run, decided before anything is read: every
// input file in order, where its output goes, and the paths that could not
// be walked. Walking first gives the progress bar its total and lets
// output collisions be refused before any file is written.
type plan struct {
	jobs    []job
	batch   bool  // more than one path, or a directory: print a summary
	files   int   // jobs that are files (not errors)
	skipped int   // entries of walked directories that are not *.html or *.htm files
	bytes   int64 // the size of all input files, for the progress bar
}

// A job is one input file, or a path that failed before it could be read
// (err set), kept in the job list so its diagnostic comes out in order.
type job struct {
	path    string      // the input as named; "-" for standard input
	out     string      // -o: the file to write; "" otherwise
	replace string      // -w: the file to replace (symlinks resolved)
	mode    fs.FileMode // permissions for the output file
	size    int64       // from the walk; 0 for standard input
	err     string      // a diagnostic for a path that cannot be processed
}

// name is the input's name in diagnostics: its path, or "<stdin>".
func (j *job) name() string {
	if j.path == "-" {
		return "<stdin>"
	}
	return j.path
}

// isHTML reports whether a file found in a directory is sanitised:
// *.html and *.htm, in any case (exports from Windows say .HTM).
func isHTML(name string) bool {
	ext := filepath.Ext(name)
	return strings.EqualFold(ext, ".html") || strings.EqualFold(ext, ".htm")
}

// plan expands paths into jobs and decides the outputs. It returns nil
// and exitUsage, after printing why, when -o cannot hold the outputs.
func (e *env) plan(c *command, f *cleanFlags, paths []string) (*plan, int) {
	pl := &plan{}
	// -o names a directory if it is one, or ends in a slash ("-o new/").
	outIsDir := f.out != "" && (isDir(f.out) || strings.HasSuffix(f.out, "/") || strings.HasSuffix(f.out, string(filepath.Separator)))
	if len(paths) == 0 || (len(paths) == 1 && paths[0] == "-") {
		j := job{path: "-", out: f.out, mode: 0o644}
		if outIsDir {
			return nil, e.usageError(c, "-o %s: standard input needs -o FILE, not a directory", f.out)
		}
		pl.jobs, pl.files = []job{j}, 1
		return pl, exitOK
	}
	pl.batch = len(paths) > 1
	outDir := "" // set when -o names a directory to write into
	if f.out != "" {
		oneFile := len(paths) == 1 && !isDir(paths[0])
		switch {
		case outIsDir:
			outDir = f.out
		case !oneFile && exists(f.out):
			return nil, e.usageError(c, "-o %s: several inputs or a directory need -o DIR, and %s is a file", f.out, f.out)
		case !oneFile:
			outDir = f.out
		}
	}
	skip := "" // the output directory, not to be walked as input
	if outDir != "" {
		skip, _ = filepath.Abs(outDir)
	}
	for _, path := range paths {
		fi, err := os.Stat(path)
		switch {
		case err != nil:
			pl.jobs = append(pl.jobs, job{path: path, err: path + ": " + ioMessage(err)})
		case fi.IsDir():
			pl.batch = true
			pl.walk(path, outDir, skip)
		default:
			j := job{path: path, mode: fi.Mode().Perm(), size: fi.Size()}
			switch {
			case outDir != "":
				j.out = filepath.Join(outDir, filepath.Base(path))
			case f.out != "":
				j.out = f.out
			}
			pl.add(j)
		}
	}
	if msg := pl.collision(); msg != "" {
		return nil, e.usageError(c, "-o %s: %s", f.out, msg)
	}
	if f.write {
		pl.resolveReplace()
	}
	return pl, exitOK
}

// add appends a file job.
func (pl *plan) add(j job) {
	pl.jobs = append(pl.jobs, j)
	pl.files++
	pl.bytes += j.size
}

// walk adds the HTML files under root, in lexical order. With outDir, each
// output mirrors its path relative to root; the directory skip (the output
// tree, when it lies inside root) is not walked.
func (pl *plan) walk(root, outDir, skip string) {
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			pl.jobs = append(pl.jobs, job{path: path, err: path + ": " + ioMessage(err)})
			return nil // WalkDir then skips the directory it could not read
		}
		if d.IsDir() {
			if skip != "" && path != root {
				if abs, _ := filepath.Abs(path); abs == skip {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !d.Type().IsRegular() || !isHTML(path) {
			pl.skipped++
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			pl.jobs = append(pl.jobs, job{path: path, err: path + ": " + ioMessage(err)})
			return nil
		}
		j := job{path: path, mode: fi.Mode().Perm(), size: fi.Size()}
		if outDir != "" {
			rel, _ := filepath.Rel(root, path)
			j.out = filepath.Join(outDir, rel)
		}
		pl.add(j)
		return nil
	})
	if err != nil {
		pl.jobs = append(pl.jobs, job{path: root, err: root + ": " + ioMessage(err)})
	}
}

// collision returns a message if two inputs would be written to the same
// output file.
func (pl *plan) collision() string {
	seen := map[string]string{}
	for _, j := range pl.jobs {
		if j.out == "" {
			continue
		}
		key := filepath.Clean(j.out)
		if prev, ok := seen[key]; ok {
			return fmt.Sprintf("%s and %s would both be written to %s", prev, j.path, j.out)
		}
		seen[key] = j.path
	}
	return ""
}

// resolveReplace sets the file -w replaces: the target of a symlink named
// on the command line, so that the link stays a link. A file named twice
// ("posts posts/a.html") is rewritten once.
func (pl *plan) resolveReplace() {
	seen := map[string]bool{}
	jobs := pl.jobs[:0]
	for _, j := range pl.jobs {
		if j.err == "" {
			j.replace = j.path
			if real, err := filepath.EvalSymlinks(j.path); err == nil {
				j.replace = real
			}
			if seen[j.replace] {
				pl.files--
				pl.bytes -= j.size
				continue
			}
			seen[j.replace] = true
		}
		jobs = append(jobs, j)
	}
	pl.jobs = jobs
}

// ioMessage is an I/O error without the operation and paths that
// *fs.PathError and *os.LinkError (a rename) repeat: the diagnostic names
// the path already.
func ioMessage(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err.Error()
	}
	return err.Error()
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
