package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// writeOutput writes an -o file. An existing regular file is replaced
// atomically (through a symlink, which stays a link); a new one too, but
// without the sync, which only protects what was there before. A device
// or pipe ("-o /dev/stdout") is written to directly: renaming over it
// would replace the device node.
func (e *env) writeOutput(path string, fill func(io.Writer) error, mode os.FileMode) error {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return e.writeAtomic(path, fill, mode, false)
	case !fi.Mode().IsRegular():
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("cannot write %s: %s", path, ioMessage(err))
		}
		if err = fill(f); err == nil {
			err = f.Close()
		} else {
			f.Close()
		}
		if err != nil {
			return fmt.Errorf("writing %s: %s", path, ioMessage(err))
		}
		return nil
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	return e.writeAtomic(path, fill, mode, true)
}

// writeAtomic replaces path with data as gofmt -w does: it writes a
// temporary file in the same directory (so the rename cannot cross file
// systems), gives it mode, syncs it if sync is set, and renames it over
// path. On any error the temporary file is removed and path is left as it
// was.
//
// The sync makes the rename safe against a power failure as well as a
// crash: without it, a file system may commit the rename before the data
// and leave an empty file. It is what makes -w slow on many files (one
// disk flush each), so the caller asks for it only when an existing file
// is replaced; a new output file has nothing to lose.
func (e *env) writeAtomic(path string, fill func(io.Writer) error, mode os.FileMode, sync bool) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create output directory: %s", ioMessage(err))
	}
	tmp, err := e.createTemp(dir, "."+filepath.Base(path)+".htmlclean-*")
	if err != nil {
		return fmt.Errorf("cannot create temporary file: %s", ioMessage(err))
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = fill(tmp); err != nil {
		return fmt.Errorf("writing temporary file: %s", ioMessage(err))
	}
	if err = tmp.Chmod(mode); err != nil {
		return fmt.Errorf("writing temporary file: %s", ioMessage(err))
	}
	if sync {
		if err = tmp.Sync(); err != nil {
			return fmt.Errorf("writing temporary file: %s", ioMessage(err))
		}
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("writing temporary file: %s", ioMessage(err))
	}
	if err = e.rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("cannot replace %s: %s", path, ioMessage(err))
	}
	return nil
}
