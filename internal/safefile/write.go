package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"
)

// A File is the part of *os.File that a write uses: a temporary file that
// [Writer.CreateTemp] makes.
type File interface {
	io.Writer
	Name() string
	Chmod(mode fs.FileMode) error
	Chown(uid, gid int) error
	Stat() (fs.FileInfo, error)
	Sync() error
	Close() error
}

// A Writer writes files through temporary files and keeps the list of
// those not yet put in place, for [Writer.Abort]. Its zero value writes
// with the os package; tests replace CreateTemp and Rename to inject
// faults. A Writer must not be copied after first use; it is safe for
// concurrent use.
type Writer struct {
	// CreateTemp creates a temporary file in dir whose name follows
	// pattern, as os.CreateTemp does (which it is when nil).
	CreateTemp func(dir, pattern string) (File, error)
	// Rename moves a finished temporary file into place, as os.Rename
	// does (which it is when nil).
	Rename func(oldpath, newpath string) error
	// Proceed, when set, is asked just before each finished temporary
	// file is put in place, while Abort waits: an error from it leaves
	// the target as it was, removes the temporary file and is returned
	// as it is. A caller stopping a batch (a failed report, a signal)
	// uses it so that no file is replaced after the stop.
	Proceed func() error

	// gate orders Abort against the writers: a writer holds it shared
	// while it creates a temporary file (and records it) and while it
	// puts one in place (rename or in-place copy, and the record's
	// removal); Abort takes it exclusively, so it sees every temporary
	// file that exists and none is half put in place.
	gate  sync.RWMutex
	mu    sync.Mutex
	names map[string]bool // the temporary files not yet put in place
}

// WriteFile makes path hold what fill writes, with mode if it is created.
// An existing regular file is replaced through a temporary file (through
// a symlink, which stays a link), and synced first, since there is
// content to lose; a new file is written the same way without the sync.
// A device or pipe ("/dev/stdout") is written to directly: renaming over
// it would replace the device node. Missing directories are created.
//
// An error of fill's writer is an [*Error] with [OpWrite]; any other
// error fill returns is returned as it is.
func (w *Writer) WriteFile(path string, fill func(io.Writer) error, mode fs.FileMode) error {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return w.writeAtomic(path, fill, mode, false)
	case !fi.Mode().IsRegular():
		return writeDevice(path, fill)
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	return w.writeAtomic(path, fill, mode, true)
}

// writeDevice writes fill's output to the existing non-regular file path.
func writeDevice(path string, fill func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return &Error{Op: OpWrite, Path: path, Err: err}
	}
	rw := &recordWriter{w: f}
	if err = fill(rw); err == nil {
		err = f.Close()
	} else {
		f.Close()
	}
	if err != nil {
		return writeError(path, rw, err)
	}
	return nil
}

// writeAtomic replaces path with what fill writes, through a temporary
// file given mode, synced first if sync is set. The sync is what makes
// many small replacements slow (one disk flush each), so it is asked for
// only when an existing file is replaced: a new file has nothing to lose.
func (w *Writer) writeAtomic(path string, fill func(io.Writer) error, mode fs.FileMode, sync bool) error {
	finish := func(t File) error {
		if err := t.Chmod(mode); err != nil {
			return &Error{Op: OpWrite, Path: path, Err: err}
		}
		return nil
	}
	return w.atomic(path, fill, sync, finish, func(tmp string) error { return w.moveInto(tmp, path) })
}

// atomic writes fill's output to a new temporary file beside path, calls
// finish on it (mode, owner), syncs it if sync is set, and calls commit
// with its name to put it in place. commit runs while Abort waits, so it
// happens wholly or not at all when a signal ends the process. On any
// error the temporary file is removed.
func (w *Writer) atomic(path string, fill func(io.Writer) error, sync bool, finish func(File) error, commit func(tmp string) error) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return mkdirError(err)
	}
	tmp, err := w.newTemp(dir)
	if err != nil {
		// A directory-wide reason, the same for every file of the
		// directory, so that a caller can say it once.
		return &Error{Op: OpCreateIn, Path: dir, Err: err}
	}
	defer func() {
		if err != nil {
			w.discard(tmp)
		}
	}()
	rw := &recordWriter{w: tmp}
	if err = fill(rw); err != nil {
		return writeError(path, rw, err)
	}
	if err = finish(tmp); err != nil {
		return err
	}
	if sync {
		if err = tmp.Sync(); err != nil {
			return &Error{Op: OpWrite, Path: path, Err: err}
		}
	}
	if err = tmp.Close(); err != nil {
		return &Error{Op: OpWrite, Path: path, Err: err}
	}
	return w.commit(tmp.Name(), commit)
}

// moveInto renames the finished temporary file tmp to path.
func (w *Writer) moveInto(tmp, path string) error {
	rename := w.Rename
	if rename == nil {
		rename = os.Rename
	}
	if err := rename(tmp, path); err != nil {
		return &Error{Op: OpMove, Path: path, Err: err}
	}
	return nil
}

// A recordWriter keeps the first error of the writer it wraps, so that a
// failed fill can be told apart: an error writing the output is the
// output file's; any other is the producer's, passed on as it is.
type recordWriter struct {
	w   io.Writer
	err error
}

func (r *recordWriter) Write(b []byte) (int, error) {
	n, err := r.w.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite // output lost all the same
	}
	if err != nil && r.err == nil {
		r.err = err
	}
	return n, err
}

// writeError is the error of a failed fill into rw for the output path.
func writeError(path string, rw *recordWriter, err error) error {
	if rw.err != nil {
		return &Error{Op: OpWrite, Path: path, Err: rw.err}
	}
	return err
}

// mkdirError is the error of creating an output's directory. When the
// parent refuses (permissions, a read-only file system), it is the
// parent's [OpCreateIn], as a temporary file the parent refuses is, so
// that a caller mirroring many files into a directory it may not write
// can say so once.
func mkdirError(err error) error {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err
	}
	if errors.Is(pe.Err, fs.ErrPermission) || errors.Is(pe.Err, syscall.EROFS) {
		return &Error{Op: OpCreateIn, Path: filepath.Dir(pe.Path), Err: err}
	}
	return &Error{Op: OpMkdir, Path: pe.Path, Err: err}
}
