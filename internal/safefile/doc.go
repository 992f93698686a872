// Package safefile writes files so that a crash, a signal or a concurrent
// writer never leaves a file half written or silently loses what was
// there: the file-safety half of cmd/htmlclean, kept apart from the
// command's flags, walking, planning, messages and exit codes.
//
// # Guarantees
//
//   - [Writer.WriteFile] and [Writer.Replace] write to a new temporary
//     file in the target's directory (so the rename cannot cross file
//     systems) and rename it over the target; on any error the temporary
//     file is removed and the target is left as it was. Replacing an
//     existing file syncs the new one first, so that a power failure
//     cannot commit the rename before the data. (A device or pipe given
//     to WriteFile is written directly: a rename would replace the node.)
//   - [Writer.Replace] gives the new file the old one's owner and group,
//     mode (with setuid, setgid and sticky bits) and, on Linux, extended
//     attributes (user.*, POSIX ACLs, security.*, and for root trusted.*),
//     or leaves the file alone with an [*Error] saying which it could not
//     keep.
//   - [Writer.Replace] and [Writer.Overwrite] check, just before the new
//     content takes the old one's place, that the file is as it was when
//     the caller read it (identity, size, times, mode, owner, links); if
//     someone changed it meanwhile, their change wins and the error is
//     [ErrChanged]. A write in the instant between that check and the
//     rename is still lost: only a lock all writers honour could close it.
//   - [Writer.Overwrite] keeps the file's inode (and so its other names,
//     owner and attributes) by copying a finished temporary file over it.
//     The copy is not atomic; if it fails part way, the new content is
//     kept beside the file and the error names it.
//   - [Writer.Abort], called when a signal ends the process, removes every
//     temporary file the Writer has not put in place, after any rename or
//     in-place copy under way has finished, and lets no other start: no
//     file is half put in place when the process exits.
//   - Temporary files are named ".htmlclean-PID-RANDOM.tmp" ([IsTemp]):
//     short whatever the name of the file they replace, hidden, and
//     telling which process made them, so that [Stale] can tell a dead
//     run's leftovers from a live run's file.
//
// [Key], [Set], [Owner], [Links], [Writable] and [Ownable] read a file's
// identity and ownership from a stat, the facts a caller needs to refuse
// an output that would overwrite an input or a rewrite that would part a
// file from its other names or owner.
//
// # Boundary
//
// The package decides how a file is written and what a stat says; the
// command decides whether to write (-force, -inplace, -check), what the
// user is told, and with which exit status. So errors are values, not
// sentences: an [*Error] carries the step that failed ([Op]), the path
// and the cause, and cmd/htmlclean turns it into its diagnostic, which
// names flags this package knows nothing of. Likewise [Writer.Abort]
// cleans up and the command exits with 128 + the signal's number, and
// [Stale] judges a leftover temporary file that the command removes and
// reports. What concerns a run's set of files rather than the writing of
// one stays in the command too: refusing an -o or -report that would
// overwrite an input, finding directory loops in a walk (both built on
// [Key] and [Set]), and keeping standard output in input order. The
// package knows nothing of HTML and imports neither sanitize nor policy.
//
// A [Writer] is safe for concurrent use by several goroutines, each
// writing its own files.
package safefile
