// Htmlclean sanitises HTML files: it removes everything that could run
// script and rewrites every URL into the canonical form a browser would
// use, following a preset or a policy file.
//
// Usage:
//
//	htmlclean [flags] [PATH ...]
//	htmlclean url [-strict] [-json] [-userinfo reject|strip|keep] [-nested] [URL ...]
//	htmlclean sm encode [-legacy] [-always] [VALUE ...]
//	htmlclean sm decode [VALUE ...]
//
// With no PATH, or "-", htmlclean reads standard input and writes the
// sanitised HTML to standard output. A directory is walked recursively;
// its *.html and *.htm files are sanitised and the rest skipped (and
// counted). A file named on the command line is sanitised whatever its
// name.
//
// The flags:
//
//	-o FILE|DIR     write to FILE, or mirror the inputs into DIR
//	-w              rewrite the files in place (temporary file, then rename)
//	-inplace        with -w, overwrite the files themselves (keeps hard links)
//	-force          with -w, rewrite read-only files too
//	-check          change nothing; list the files that would change; exit 1 if any
//	-diff           change nothing; print a unified diff of what would change
//	-report FILE|-  write every change as JSON Lines
//	-preset NAME    the policy preset (default ugc); -list-presets lists them
//	-policy FILE    a policy file (YAML) instead of a preset
//	-print-policy   print the effective policy as YAML, loadable with -policy
//	-sanitizer-config FILE
//	                an HTML Sanitizer API configuration (JSON) instead of a preset
//	-sanitizer-skip-unknown
//	                with -sanitizer-config, skip members it does not define (noted)
//	-sanitizer-context ELEMENT
//	                with -sanitizer-config, the element setHTML() is called on
//	-format FORMAT  with -print-policy: yaml, or sanitizer-config (JSON)
//	-j N            files sanitised in parallel (default: the number of CPUs)
//	-svg            standalone SVG files in, SVG files out (package svgfile);
//	                directories give their *.svg files; default preset svg-upload
//	-version        print the version
//
// The url subcommand prints the canonical form of each URL (one per line on
// standard input when none is given), or "reject<TAB>reason"; with -json,
// one object per line. The sm subcommand encodes or decodes SiteMinder
// SM-encoded values. Each command's -h shows its flags and examples.
//
// Exit status: 0 on success (removing content is success), 1 if a file or
// URL could not be processed or -check found changes, 2 on a usage or
// policy error. Diagnostics go to standard error as
// "htmlclean: path:line:col: message".
//
// Memory is bounded whatever the inputs. A file up to 256 KiB is read
// whole and sanitised into a buffer; a larger one, and standard input,
// streams, with the checks that need the input (binary data and UTF-16 in
// the first 8 KiB, UTF-8 validity with the line and column of the first
// bad byte) done on the stream, and -check comparing SHA-256 hashes of
// input and output. The jobs of all -j workers share a 64 MiB budget.
// Every output file is written to a temporary file in its directory and
// renamed into place, after a sync when it replaces an existing file, so
// an input or output file is never truncated, half-written or written at
// all when its input fails. Standard output is held up to 1 MiB per file;
// a file that fails after that leaves it incomplete, and says so. Files
// named more than once, directly or through a symlink, are rewritten once
// by -w. A file named url or sm is named after "--" ("htmlclean -- url").
//
// An output that is an input under another name (a hard link, a symlink)
// is refused before anything is written. -w keeps the file's owner,
// group, mode and extended attributes, refuses read-only and
// multiply-linked files unless -force or -inplace, and leaves a file that
// changed while it was cleaned. A signal (SIGINT, SIGTERM, SIGHUP)
// removes the temporary files and exits with 128 plus its number; a
// later walk removes those a killed run left. A symlink named on the
// command line is followed, those inside a directory are skipped.
package main
