package sanitize

import (
	"fmt"

	"github.com/htmlclean/htmlclean/urlnorm"
)

// Action says what the sanitiser did.
type Action string

// The actions of a [Change].
const (
	RemovedElement   Action = "removed-element"   // a tag was dropped, its text kept
	RemovedContent   Action = "removed-content"   // an element was dropped with everything in it
	RemovedAttribute Action = "removed-attribute" // an attribute was dropped
	RewroteURL       Action = "rewrote-url"       // a URL was replaced by its canonical form, or a same-document link prefixed (ids.prefix)
	RewroteAttribute Action = "rewrote-attribute" // rel/target set on a link, class tokens dropped, an id or name prefixed
	RemovedComment   Action = "removed-comment"   // a comment or doctype was dropped
	ClosedElement    Action = "closed-element"    // an element left open was closed
	ReopenedElement  Action = "reopened-element"  // a formatting element closed without its end tag written again where a browser reopens it
	RemovedEndTag    Action = "removed-end-tag"   // an end tag with nothing open to close
	Flagged          Action = "flagged"           // kept as written, with something to see (urlnorm flags, link text)
	RewroteText      Action = "rewrote-text"      // a link's text replaced by where it goes
	MarkedLink       Action = "marked-link"       // a link kept with the host it goes to written after it (links.text_mismatch: mark)
	RewroteTag       Action = "rewrote-tag"       // a tag written anew: "</br>" as "<br>", an end tag's attributes dropped
	ReencodedText    Action = "reencoded-text"    // text written escaped (NUL, invalid UTF-8, a "<" that could start a tag) or a character escaped so two texts do not join
	// PolicyStage: the policy's bluemonday stage removed or changed what
	// the first stage let through, so the output is that stage's (from
	// the segment where they differ) rather than the faithful form. The
	// first stage is meant to enforce the whole policy: this is its bug.
	// Before and After show a few bytes of each side where they differ.
	PolicyStage Action = "policy-stage"
)

// Change is one thing the sanitiser changed, for [Options.Report].
type Change struct {
	Line      int    `json:"line"`    // 1-based line of the tag in the input
	Column    int    `json:"column"`  // 1-based byte column of the tag's "<"
	Element   string `json:"element"` // lower-case element name ("#comment", "#doctype", "#text", "#document")
	Attribute string `json:"attribute,omitempty"`
	Action    Action `json:"action"`
	// Reason is why: one of the sanitiser's ([ReasonNotAllowed],
	// [ReasonEventHandler], ...) or, for a URL urlnorm refused, urlnorm's
	// ([URLReason]: "userinfo", "scheme-not-allowed", ...). [Reasons]
	// lists them all.
	Reason Reason `json:"reason"`
	Before string `json:"before,omitempty"` // the value as it was (attributes)
	After  string `json:"after,omitempty"`  // the value written, for rewrites
	// Flags are the suspicious forms urlnorm found in a URL attribute (all
	// its URLs, for srcset, ping and CSS): on every URL kept, rewritten or
	// removed for them, except those the policy ignores (urls.flags); a
	// URL refused because of a nested URL carries the nested one's flags.
	// In JSON, a list of names ("numeric-ipv4", ...), as
	// `htmlclean url -json` prints them.
	Flags urlnorm.Flags `json:"flags,omitempty"`
}

func (c Change) String() string {
	target := c.Element
	if c.Attribute != "" {
		target += " " + c.Attribute
	}
	s := fmt.Sprintf("%d:%d: %s %s (%s)", c.Line, c.Column, c.Action, target, c.Reason)
	if c.After != "" {
		s += fmt.Sprintf(": %q -> %q", c.Before, c.After)
	}
	if c.Flags != 0 {
		s += " [" + c.Flags.String() + "]"
	}
	return s
}

// LimitError reports input that exceeds one of the policy's limits.
type LimitError struct {
	Limit        string // "max_input_bytes", "max_depth", "max_token_bytes"
	Value        int64  // the limit
	Line, Column int    // where it was exceeded
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("sanitize: %d:%d: input exceeds %s (%d)", e.Line, e.Column, e.Limit, e.Value)
}
