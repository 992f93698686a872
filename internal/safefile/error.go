package safefile

import (
	"errors"
	"fmt"
	"io/fs"
)

// An Op is the step of a write that failed.
type Op uint8

const (
	// OpWrite: writing, syncing, closing or setting the mode of the new
	// content failed (Path is the file written).
	OpWrite Op = iota + 1
	// OpCreateIn: no file can be created in the directory Path, for a
	// temporary file or a subdirectory; the same for every file there.
	OpCreateIn
	// OpMkdir: the directory Path could not be created.
	OpMkdir
	// OpMove: the finished temporary file could not be renamed to Path.
	OpMove
	// OpKeepOwner: the new file could not be given the owner UID and
	// group GID of the file Path it was to replace.
	OpKeepOwner
	// OpKeepXattrs: the new file could not be given the extended
	// attributes of the file Path it was to replace.
	OpKeepXattrs
	// OpKeepMode: the system set the new file's mode to Got, not Mode
	// (setgid is dropped silently for a group not one of ours).
	OpKeepMode
	// OpPartlyWritten: the in-place copy over Path failed part way;
	// Saved is where the new content was kept, or "" if it was not.
	OpPartlyWritten
)

var opNames = [...]string{
	OpWrite:         "cannot write",
	OpCreateIn:      "cannot create files in this directory",
	OpMkdir:         "cannot create directory",
	OpMove:          "cannot move the new file into place",
	OpKeepOwner:     "cannot keep owner and group",
	OpKeepXattrs:    "cannot keep extended attributes",
	OpKeepMode:      "cannot keep mode",
	OpPartlyWritten: "partly written",
}

// String is what the step failed to do, in a few words.
func (op Op) String() string {
	if int(op) < len(opNames) && opNames[op] != "" {
		return opNames[op]
	}
	return fmt.Sprintf("Op(%d)", uint8(op))
}

// An Error is a failed write: the step, the path it concerns, and the
// cause. The file the caller wanted written is as it was, except after
// [OpPartlyWritten]. Callers inspect it with errors.As.
type Error struct {
	Op   Op
	Path string
	Err  error // the cause; nil for OpKeepMode

	UID, GID  int         // OpKeepOwner: the owner and group not kept
	Mode, Got fs.FileMode // OpKeepMode: the mode wanted and the mode got
	Saved     string      // OpPartlyWritten: the new content's file, or ""
}

func (e *Error) Error() string {
	msg := "safefile: " + e.Path + ": " + e.Op.String()
	switch e.Op {
	case OpKeepOwner:
		msg += fmt.Sprintf(" %d:%d", e.UID, e.GID)
	case OpKeepMode:
		return msg + fmt.Sprintf(" %v (got %v)", e.Mode, e.Got)
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	if e.Saved != "" {
		msg += "; the new content is " + e.Saved
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// ErrChanged is the error of a file that changed between the caller's
// stat and the moment it was to be replaced; it was left as it is.
var ErrChanged = errors.New("safefile: changed since it was read; left as it is")
