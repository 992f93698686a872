package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// fillBytes is the fill function of writeOutput and writeAtomic for
// content already in memory.
func fillBytes(b []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	}
}

// writeOutput writes an -o file. An existing regular file is replaced
// atomically (through a symlink, which stays a link); a new one too, but
// without the sync, which only protects what was there before. A device
// or pipe ("-o /dev/stdout") is written to directly: renaming over it
// would replace the device node. Errors name path.
func (e *env) writeOutput(path string, fill func(io.Writer) error, mode os.FileMode) error {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return e.writeAtomic(path, fill, mode, false)
	case !fi.Mode().IsRegular():
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("%s: cannot write: %s", path, ioMessage(err))
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
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	return e.writeAtomic(path, fill, mode, true)
}

// writeAtomic replaces path with what fill writes, as gofmt -w used to:
// it writes a temporary file in the same directory (so the rename cannot
// cross file systems), gives it mode, syncs it if sync is set, and
// renames it over path. On any error the temporary file is removed and
// path is left as it was.
//
// The sync makes the rename safe against a power failure as well as a
// crash: without it, a file system may commit the rename before the data
// and leave an empty file. It is what makes -w slow on many files (one
// disk flush each), so the caller asks for it only when an existing file
// is replaced; a new output file has nothing to lose.
func (e *env) writeAtomic(path string, fill func(io.Writer) error, mode os.FileMode, sync bool) error {
	finish := func(t tempFile) error {
		if err := t.Chmod(mode); err != nil {
			return fmt.Errorf("%s: cannot write: %s", path, ioMessage(err))
		}
		return nil
	}
	return e.atomic(path, fill, sync, finish, func(tmp string) error { return e.moveInto(tmp, path) })
}

// atomic writes fill's output to a new temporary file beside path, calls
// finish on it (mode, owner), syncs it if sync is set, and calls commit
// with its name to put it in place. commit runs while no signal can
// interrupt it (see tempSet), so it either happens wholly or not at all
// when the user presses ^C. On any error the temporary file is removed.
func (e *env) atomic(path string, fill func(io.Writer) error, sync bool, finish func(tempFile) error, commit func(tmp string) error) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return mkdirError(err)
	}
	tmp, err := e.newTemp(dir)
	if err != nil {
		// A directory-wide reason, said the same way for every file of
		// the directory, so that the batch prints it once.
		return fmt.Errorf("%s: cannot create files in this directory: %s", dir, ioMessage(err))
	}
	defer func() {
		if err != nil {
			e.discard(tmp)
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
			return fmt.Errorf("%s: cannot write: %s", path, ioMessage(err))
		}
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("%s: cannot write: %s", path, ioMessage(err))
	}
	return e.commit(tmp.Name(), commit)
}

// moveInto renames the finished temporary file tmp to path.
func (e *env) moveInto(tmp, path string) error {
	if err := e.rename(tmp, path); err != nil {
		return fmt.Errorf("%s: cannot move the new file into place: %s", path, ioMessage(err))
	}
	return nil
}

// A recordWriter keeps the first error of the writer it wraps, so that a
// failed fill can be told apart: an error writing the output names the
// output file; any other is the producer's, passed on as it is.
type recordWriter struct {
	w   io.Writer
	err error
}

func (r *recordWriter) Write(b []byte) (int, error) {
	n, err := r.w.Write(b)
	if err != nil && r.err == nil {
		r.err = err
	}
	return n, err
}

// writeError is the error of a failed fill into rw for the output path.
func writeError(path string, rw *recordWriter, err error) error {
	if rw.err != nil {
		return fmt.Errorf("%s: cannot write: %s", path, ioMessage(rw.err))
	}
	return err
}

// mkdirError is the error of creating an output directory. When the
// parent refuses (permissions, a read-only file system), it names the
// parent, in the words of atomic's failure to create a file there, so
// that a mirror into a directory we may not write says so once, not once
// per file or subdirectory.
func mkdirError(err error) error {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err
	}
	if errors.Is(pe.Err, fs.ErrPermission) || errors.Is(pe.Err, syscall.EROFS) {
		return fmt.Errorf("%s: cannot create files in this directory: %s", filepath.Dir(pe.Path), ioMessage(err))
	}
	return fmt.Errorf("%s: cannot create directory: %s", pe.Path, ioMessage(err))
}

// errChanged is the error of a file that changed while it was cleaned.
var errChanged = errors.New("changed while being cleaned; left as it is")

// rewrite replaces the input of j with fill's output, for -w. It keeps
// what belongs to the file: the new file gets the old one's owner, group,
// mode (with setuid, setgid and sticky bits) and extended attributes, or
// the file is left alone with an error. It refuses a read-only file
// unless -force, and a file with other hard links unless -inplace (a new
// file would part it from its other names, which would keep the
// unsanitised content). Just before the new file takes the old one's
// place, the old one is checked to be as it was when planned; if someone
// changed it meanwhile, their change wins and the error says so. (A
// write in the instant between that check and the rename is still lost:
// only a lock all writers honour could close that.)
func (w *worker) rewrite(j *job, fill func(io.Writer) error) error {
	path, fi := j.replace, j.info
	if msg := w.refuse(fi); msg != "" {
		return fmt.Errorf("%s: %s; left as it is", j.path, msg)
	}
	unchanged := func() error {
		now, err := os.Stat(path)
		if err != nil || stateOf(now) != stateOf(fi) {
			return fmt.Errorf("%s: %w", j.path, errChanged)
		}
		return nil
	}
	if w.f.inplace {
		return w.e.writeInPlace(path, fill, unchanged)
	}
	finish := func(t tempFile) error { return keepMeta(t, fi, path) }
	return w.e.atomic(path, fill, true, finish, func(tmp string) error {
		if err := unchanged(); err != nil {
			return err
		}
		return w.e.moveInto(tmp, path)
	})
}

// refuse returns why -w must not replace the file fi, or "".
func (w *worker) refuse(fi fs.FileInfo) string {
	switch n := links(fi); {
	case !w.f.force && !writable(fi):
		return fmt.Sprintf("read-only (mode %#o); -force rewrites it", fi.Mode().Perm())
	case w.f.inplace:
		return ""
	case n > 1:
		return fmt.Sprintf("has %d hard links, and a new file would leave the other names with the old content; -inplace rewrites it through all of them", n)
	case !ownable(fi):
		uid, _, _ := owner(fi)
		return fmt.Sprintf("owned by user %d, and a new file would be owned by us; -inplace keeps the owner", uid)
	}
	return ""
}

// writeInPlace is -w -inplace: the new content is written to a temporary
// file first (it may be streamed from the very file being overwritten,
// and a sanitiser error must leave the file whole), then copied over the
// file itself, which keeps its inode and so its other names, owner and
// attributes. The copy is not atomic: a crash or a full disk during it
// leaves the file partly written (a signal waits for it to finish). On a
// failed copy, the sanitised content is kept beside the file and the
// error names it.
func (e *env) writeInPlace(path string, fill func(io.Writer) error, unchanged func() error) error {
	return e.atomic(path, fill, true, func(tempFile) error { return nil }, func(tmp string) error {
		if err := unchanged(); err != nil {
			return err
		}
		if wrote, err := copyInto(tmp, path); err != nil {
			if !wrote {
				return fmt.Errorf("%s: cannot write: %s", path, ioMessage(err))
			}
			saved := strings.TrimSuffix(tmp, ".tmp") + ".saved"
			if os.Rename(tmp, saved) != nil {
				return fmt.Errorf("%s: partly written: %s", path, ioMessage(err))
			}
			return fmt.Errorf("%s: partly written: %s; the sanitised file is %s", path, ioMessage(err), saved)
		}
		return os.Remove(tmp)
	})
}

// copyInto overwrites the file dst with the content of src, truncates it
// to that length and syncs it. wrote reports whether dst may have been
// changed.
func copyInto(src, dst string) (wrote bool, err error) {
	in, err := os.Open(src)
	if err != nil {
		return false, err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY, 0)
	if err != nil {
		return false, err
	}
	n, err := io.Copy(out, in)
	if err == nil {
		err = out.Truncate(n)
	}
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return true, err
}
