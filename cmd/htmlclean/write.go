package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/htmlclean/htmlclean/internal/safefile"
)

// fillBytes is the fill function of writeOutput and rewrite for content
// already in memory.
func fillBytes(b []byte) func(io.Writer) error {
	return func(w io.Writer) error {
		n, err := w.Write(b)
		if err == nil && n < len(b) {
			err = io.ErrShortWrite
		}
		return err
	}
}

// writeOutput writes an -o file (see [safefile.Writer.WriteFile]).
// Errors name path, or the directory that refuses it.
func (e *env) writeOutput(path string, fill func(io.Writer) error, mode fs.FileMode) error {
	return fileError(e.files.WriteFile(path, fill, mode))
}

// errChanged is the error of a file that changed while it was cleaned.
var errChanged = errors.New("changed while being cleaned; left as it is")

// rewrite replaces the input of j with fill's output, for -w: a new file
// that keeps the old one's owner, group, mode and extended attributes,
// or with -inplace the file itself overwritten (see package safefile). It
// refuses a read-only file unless -force, and without -inplace a file
// that a new file would part from its other names (which would keep the
// unsanitised content) or from its owner. If the file changed since it
// was planned, the other writer's change wins and the error says so.
func (w *worker) rewrite(j *job, fill func(io.Writer) error) error {
	if msg := w.refuse(j.info); msg != "" {
		return fmt.Errorf("%s: %s; left as it is", j.path, msg)
	}
	var err error
	if w.f.inplace {
		err = w.e.files.Overwrite(j.replace, j.info, fill)
	} else {
		err = w.e.files.Replace(j.replace, j.info, fill)
	}
	if errors.Is(err, safefile.ErrChanged) {
		return fmt.Errorf("%s: %w", j.path, errChanged)
	}
	return fileError(err)
}

// refuse returns why -w must not replace the file fi, or "".
func (w *worker) refuse(fi fs.FileInfo) string {
	switch n := safefile.Links(fi); {
	case !w.f.force && !safefile.Writable(fi):
		return fmt.Sprintf("read-only (mode %#o); -force rewrites it", fi.Mode().Perm())
	case w.f.inplace:
		return ""
	case n > 1:
		return fmt.Sprintf("has %d hard links, and a new file would leave the other names with the old content; -inplace rewrites it through all of them", n)
	case !safefile.Ownable(fi):
		uid, _, _ := safefile.Owner(fi)
		return fmt.Sprintf("owned by user %d, and a new file would be owned by us; -inplace keeps the owner", uid)
	}
	return ""
}

// fileError turns a [*safefile.Error] into the command's diagnostic,
// which names the path and, where a flag would help, the flag; any other
// error (the sanitiser's, passed through a fill) is returned as it is.
func fileError(err error) error {
	var fe *safefile.Error
	if !errors.As(err, &fe) {
		return err
	}
	return &diagError{msg: fileMessage(fe), err: fe}
}

// A diagError is a diagnostic that keeps the error it says, for
// errors.Is (a full disk stops the run: see fatalOutput).
type diagError struct {
	msg string
	err error
}

func (e *diagError) Error() string { return e.msg }
func (e *diagError) Unwrap() error { return e.err }

// fileMessage is the diagnostic of fileError.
func fileMessage(fe *safefile.Error) string {
	path, msg := fe.Path, ""
	if fe.Err != nil {
		msg = ioMessage(fe.Err)
	}
	switch fe.Op {
	case safefile.OpCreateIn:
		// A directory-wide reason, said the same way for every file of
		// the directory, so that the batch prints it once.
		return fmt.Sprintf("%s: cannot create files in this directory: %s", path, msg)
	case safefile.OpMkdir:
		return fmt.Sprintf("%s: cannot create directory: %s", path, msg)
	case safefile.OpMove:
		return fmt.Sprintf("%s: cannot move the new file into place: %s", path, msg)
	case safefile.OpKeepOwner:
		return fmt.Sprintf("%s: cannot keep owner %d and group %d: %s; left as it is (-inplace keeps them)", path, fe.UID, fe.GID, msg)
	case safefile.OpKeepXattrs:
		return fmt.Sprintf("%s: cannot keep extended attributes: %s; left as it is (-inplace keeps them)", path, msg)
	case safefile.OpKeepMode:
		return fmt.Sprintf("%s: cannot keep mode %v (got %v); left as it is (-inplace keeps it)", path, fe.Mode, fe.Got)
	case safefile.OpPartlyWritten:
		if fe.Saved == "" {
			return fmt.Sprintf("%s: partly written: %s", path, msg)
		}
		return fmt.Sprintf("%s: partly written: %s; the sanitised file is %s", path, msg, fe.Saved)
	}
	return fmt.Sprintf("%s: cannot write: %s", path, msg) // OpWrite
}

// fullWriter is a writer the command does not own (its standard output
// and error, as the caller gave them): a write that writes less than it
// was given without an error becomes io.ErrShortWrite, as io.Writer's
// contract has it, so that no path that writes there loses output and
// succeeds.
type fullWriter struct{ w io.Writer }

func (f fullWriter) Write(b []byte) (int, error) {
	n, err := f.w.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	return n, err
}
