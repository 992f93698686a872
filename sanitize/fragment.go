package sanitize

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/url"
	"strings"
)

// fragmentMark carries a URL's empty fragment ("#" alone, "/page#")
// through the policy stage. Browsers read "#" as a link to the top of the
// page (HTML §7.4.6.3, "the indicated part of the document"), so it is
// kept; but Go's net/url, which the policy stage's URL check uses, cannot
// write an empty fragment back, and that stage drops "#" as an empty URL.
// So the pass writes the mark after the "#", which net/url keeps, and
// unmark removes it from the policy stage's output: the stage still
// checks every attribute, and the reader gets what was written.
//
// The mark is random for each process and never leaves it, so no input
// can contain it: removing every copy from the output removes exactly
// those the pass wrote.
var fragmentMark = func() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand, Go 1.24+)
	return "htmlclean-" + hex.EncodeToString(b[:])
}()

// stageSpelling returns how the policy stage writes the URL val of the
// element's attribute key, where that differs from val, or "". The stage
// (bluemonday) writes a/area href, blockquote/del/ins/q cite and
// audio/iframe/img/track/video src again through Go's net/url. urlnorm's
// canonical form is what net/url writes back, but for one thing: a "#"
// inside the fragment, which browsers and urlnorm keep (URL Standard,
// fragment percent-encode set: location.hash and a page's router read
// it), and net/url escapes, writing the whole fragment anew. The
// canonical form spells such a value as the stage will, so that the
// follower keeps the faithful form.
func stageSpelling(element, key, val string) string {
	i := strings.IndexByte(val, '#')
	if i < 0 || strings.IndexByte(val[i+1:], '#') < 0 {
		return ""
	}
	switch {
	case key == "href" && (element == "a" || element == "area"),
		key == "cite" && (element == "blockquote" || element == "del" || element == "ins" || element == "q"),
		key == "src" && (element == "audio" || element == "iframe" || element == "img" || element == "track" || element == "video"):
		// As bluemonday's validURL: trimmed, parsed, written.
		if u, err := url.Parse(strings.TrimSpace(val)); err == nil && u.String() != val {
			return u.String()
		}
	}
	return ""
}

// unmarker writes to w what is written to it, less every fragmentMark,
// whatever the write boundaries: a partial mark at the end of one write
// is held back until the next write or Close.
type unmarker struct {
	w    io.Writer
	held []byte // a prefix of the mark, from the end of the last write
	buf  []byte
}

func (u *unmarker) Write(p []byte) (int, error) {
	data := p
	if len(u.held) > 0 {
		u.buf = append(append(u.buf[:0], u.held...), p...)
		data, u.held = u.buf, u.held[:0]
	}
	for {
		i, with := nextMark(data)
		if i < 0 {
			break
		}
		if _, err := u.w.Write(data[:i]); err != nil {
			return 0, err
		}
		if _, err := io.WriteString(u.w, with); err != nil {
			return 0, err
		}
		data = data[i+len(fragmentMark):]
	}
	keep := markPrefixAtEnd(data)
	if _, err := u.w.Write(data[:len(data)-keep]); err != nil {
		return 0, err
	}
	u.held = append(u.held, data[len(data)-keep:]...)
	return len(p), nil
}

// nextMark returns where the first mark in data begins, or -1, and what
// the unmarker writes for it: nothing for fragmentMark, the tags of a
// link's host mark for hostMarkOpen and hostMarkClose (linkmark.go).
// Every mark is as long as fragmentMark.
func nextMark(data []byte) (int, string) {
	// One scan for what every mark starts with: most outputs hold none.
	const prefix = "htmlclean-"
	for off := 0; ; {
		i := bytes.Index(data[off:], []byte(prefix))
		if i < 0 {
			return -1, ""
		}
		at := off + i
		switch rest := data[at:]; {
		case bytes.HasPrefix(rest, []byte(fragmentMark)):
			return at, ""
		case bytes.HasPrefix(rest, []byte(hostMarkOpen)):
			return at, linkHostOpen
		case bytes.HasPrefix(rest, []byte(hostMarkClose)):
			return at, linkHostClose
		}
		off = at + 1
	}
}

// Close writes what was held back: it was not a mark after all.
func (u *unmarker) Close() error {
	if len(u.held) == 0 {
		return nil
	}
	_, err := u.w.Write(u.held)
	u.held = u.held[:0]
	return err
}

// markPrefixAtEnd returns the length of the longest end of data that
// begins a mark (shorter than the mark): fragmentMark, hostMarkOpen or
// hostMarkClose. Each starts with "htmlclean-", followed by hex digits,
// so no proper suffix of one equals a prefix of any ("h" does not recur),
// and only the last "h" can start one.
func markPrefixAtEnd(data []byte) int {
	from := max(0, len(data)-len(fragmentMark)+1)
	i := bytes.LastIndexByte(data[from:], 'h')
	if i < 0 {
		return 0
	}
	tail := data[from+i:]
	for _, m := range [...]string{fragmentMark, hostMarkOpen, hostMarkClose} {
		if bytes.HasPrefix([]byte(m), tail) {
			return len(tail)
		}
	}
	return 0
}
