package safefile

import (
	"io"
	"io/fs"
	"os"
	"strings"
)

// Replace makes the existing file path hold what fill writes, as a new
// file renamed over it, which gets the old one's owner, group, mode and
// extended attributes (see keepMeta) or leaves the file alone with an
// [*Error]. was is the file's stat when the caller read it: if path no
// longer matches it just before the rename, the file is left as it is and
// the error is [ErrChanged]. The new file is synced before the rename.
//
// Replace parts the file from its other hard links (they keep the old
// content) and, when the caller is not root, from an owner other than the
// caller: [Links] and [Ownable] tell, and [Writer.Overwrite] keeps both.
func (w *Writer) Replace(path string, was fs.FileInfo, fill func(io.Writer) error) error {
	finish := func(t File) error { return keepMeta(t, was, path) }
	return w.atomic(path, fill, true, finish, func(tmp string) error {
		if err := unchanged(path, was); err != nil {
			return err
		}
		return w.moveInto(tmp, path)
	})
}

// Overwrite makes the existing file path hold what fill writes, keeping
// its inode and so its other names, owner and attributes. The new content
// is written to a temporary file first (fill may stream from path itself,
// and an error of fill must leave the file whole), then, if path still
// matches was (else [ErrChanged]), copied over path. The copy is not
// atomic: a crash or a full disk during it leaves the file partly
// written (Abort waits for it to finish). On a failed copy the new
// content is kept beside the file, and the [*Error] ([OpPartlyWritten])
// names it.
func (w *Writer) Overwrite(path string, was fs.FileInfo, fill func(io.Writer) error) error {
	return w.atomic(path, fill, true, func(File) error { return nil }, func(tmp string) error {
		if err := unchanged(path, was); err != nil {
			return err
		}
		if wrote, err := copyInto(tmp, path); err != nil {
			if !wrote {
				return &Error{Op: OpWrite, Path: path, Err: err}
			}
			saved := strings.TrimSuffix(tmp, tempSuffix) + ".saved"
			if os.Rename(tmp, saved) != nil {
				saved = ""
			}
			return &Error{Op: OpPartlyWritten, Path: path, Err: err, Saved: saved}
		}
		return os.Remove(tmp)
	})
}

// unchanged returns [ErrChanged] if path is no longer the file was
// describes, as it was then.
func unchanged(path string, was fs.FileInfo) error {
	now, err := os.Stat(path)
	if err != nil || stateOf(now) != stateOf(was) {
		return ErrChanged
	}
	return nil
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
