package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/htmlclean/htmlclean/internal/safefile"
)

// A plan is the work of one run, decided before anything is read: every
// input file in order, where its output goes, and the paths that could not
// be walked. Walking first gives the progress bar its total and lets
// output collisions be refused before any file is written.
type plan struct {
	jobs    []job
	batch   bool     // more than one path, or a directory: print a summary
	files   int      // jobs that are files (not errors)
	skipped int      // entries of walked directories that are not *.html or *.htm files, or are symlinks
	bytes   int64    // the size of all input files, for the progress bar
	temps   []string // temporary files of this command met in the walk (see removeStale)
	svg     bool     // -svg: walks take *.svg files
}

// A job is one input file, or a path that failed before it could be read
// (err set), kept in the job list so its diagnostic comes out in order.
type job struct {
	path    string      // the input as named; "-" for standard input
	out     string      // -o: the file to write; "" otherwise
	replace string      // -w: the file to replace (symlinks resolved)
	mode    fs.FileMode // permissions for the output file
	size    int64       // from the walk; 0 for standard input
	info    fs.FileInfo // the input's stat when planned (through symlinks); nil for standard input
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

// takes reports whether a file found in a directory is sanitised: with
// -svg, *.svg in any case, else isHTML.
func (pl *plan) takes(name string) bool {
	if pl.svg {
		return strings.EqualFold(filepath.Ext(name), ".svg")
	}
	return isHTML(name)
}

// plan expands paths into jobs and decides the outputs. It returns nil
// and exitUsage, after printing why, when -o cannot hold the outputs.
func (e *env) plan(c *command, f *cleanFlags, paths []string) (*plan, int) {
	pl := &plan{svg: f.svg}
	// -o names a directory if it is one, or ends in a slash ("-o new/").
	outIsDir := f.out != "" && (isDir(f.out) || strings.HasSuffix(f.out, "/") || strings.HasSuffix(f.out, string(filepath.Separator)))
	if len(paths) == 0 || (len(paths) == 1 && paths[0] == "-") {
		j := job{path: "-", out: f.out, mode: 0o644}
		if outIsDir {
			return nil, e.usageError(c, "-o %s: standard input needs -o FILE, not a directory", f.out)
		}
		pl.jobs, pl.files = []job{j}, 1
		if msg := pl.sameFile(f); msg != "" {
			return nil, e.usageError(c, "%s", msg)
		}
		if f.out != "" {
			pl.outputTemps()
			e.removeStale(pl.temps)
		}
		return pl, exitOK
	}
	pl.batch = len(paths) > 1
	outDir, msg := outDirOf(f.out, outIsDir, paths)
	if msg != "" {
		return nil, e.usageError(c, "-o %s: %s", f.out, msg)
	}
	var skip fs.FileInfo // the output directory, not to be walked as input
	if outDir != "" {
		skip, _ = os.Stat(outDir)
	}
	for _, path := range paths {
		fi, err := os.Stat(path)
		switch {
		case err != nil:
			pl.jobs = append(pl.jobs, job{path: path, err: path + ": " + ioMessage(err)})
		case fi.IsDir():
			pl.batch = true
			pl.walk(path, fi, outDir, skip)
		default:
			j := job{path: path, mode: fi.Mode().Perm(), size: fi.Size(), info: fi}
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
	if msg := pl.sameFile(f); msg != "" {
		return nil, e.usageError(c, "%s", msg)
	}
	if f.write {
		pl.resolveReplace()
	}
	if f.out != "" {
		pl.outputTemps()
	}
	e.removeStale(pl.temps)
	return pl, exitOK
}

// outDirOf returns the directory -o names for several inputs or a
// directory input, "" for -o FILE or no -o, or why -o cannot hold the
// outputs. Several inputs need an existing directory or a name ending in
// a slash: "-o clean.html a.html b.html" is a slip, not a request for a
// directory called clean.html. A single directory input can only go to a
// directory, which is created.
func outDirOf(out string, outIsDir bool, paths []string) (string, string) {
	oneFile := len(paths) == 1 && !isDir(paths[0])
	switch {
	case out == "" || oneFile && !outIsDir:
		return "", ""
	case outIsDir:
		return out, ""
	case exists(out):
		return "", fmt.Sprintf("several inputs or a directory need -o DIR, and %s is a file", out)
	case len(paths) > 1:
		return "", fmt.Sprintf("several inputs need -o DIR, and %s is not a directory (write %s/ to create it)", out, out)
	}
	return out, ""
}

// add appends a file job.
func (pl *plan) add(j job) {
	pl.jobs = append(pl.jobs, j)
	pl.files++
	pl.bytes += j.size
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

// outputTemps adds to pl.temps the temporary files in the directories
// the -o outputs go to: there, not among the inputs, is where a run
// killed mid-write (SIGKILL, a power cut, which no handler sees) leaves
// them. removeStale then judges each as it judges those of -w, by the
// name's pattern and the process it names, so a live run's file stays.
// Each directory is read once; one that does not exist yet holds none.
func (pl *plan) outputTemps() {
	seen := make(map[string]bool, len(pl.temps))
	for _, t := range pl.temps {
		seen[t] = true
	}
	dirs := map[string]bool{}
	for _, j := range pl.jobs {
		if j.out == "" || j.err != "" || j.out == "-" {
			continue
		}
		dir := filepath.Dir(j.out)
		if dirs[dir] {
			continue
		}
		dirs[dir] = true
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue // not there yet, or unreadable: the write says so
		}
		for _, d := range entries {
			path := filepath.Join(dir, d.Name())
			if d.Type().IsRegular() && safefile.IsTemp(d.Name()) && !seen[path] {
				seen[path] = true
				pl.temps = append(pl.temps, path)
			}
		}
	}
}
