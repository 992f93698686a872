package urlnorm

// Options controls [Normalize]. It is a plain value; the zero Options is the
// safe default: userinfo rejected, relative references kept as they are,
// suspicious encodings canonicalised and flagged, no scheme restriction
// (the caller's policy decides which schemes it accepts), no nested
// inspection, and a 2 MiB length limit.
type Options struct {
	// Reject refuses every URL that carries one of these flags, with
	// [ReasonFlagged]; [RejectError.Flags] says which of them it carried.
	// Under Nested, a nested URL is checked with the same options, so one
	// that carries such a flag refuses the outer URL with [ReasonNestedURL]
	// (errors.Unwrap gives the nested ReasonFlagged error). Flags not in
	// Reject are only reported in [Result.Flags].
	Reject Flags

	// Strict is Reject = [AllFlags]: every URL that carries any flag is
	// refused. It is kept for callers that want exactly that; a policy
	// that must keep ordinary links with benign flags (share links, a
	// trailing dot) sets Reject instead.
	Strict bool

	// Userinfo says what to do with "user:password@" before a host.
	Userinfo UserinfoPolicy

	// Relative says what to do with relative references.
	Relative RelativePolicy

	// Base is the absolute http(s) URL that relative references resolve
	// against when Relative is [RelativeResolve]. It is ignored otherwise.
	Base string

	// Nested turns on nested inspection: query values that hold a URL,
	// plainly or SiteMinder-encoded, are decoded and normalised with the
	// same options, and their scheme must be in Schemes (or http/https when
	// Schemes is nil). A rejected nested URL rejects the outer one with
	// [ReasonNestedURL]. Without it, such values are only flagged.
	Nested bool

	// Schemes, if not nil, is the list of schemes an absolute URL may use
	// (lower case, without ":"). A protocol-relative reference ("//host")
	// needs both http and https, because the page's scheme decides which
	// it becomes. Relative references are governed by Relative instead.
	Schemes []string

	// MaxLength is the longest input accepted, in bytes; a canonical form
	// longer than that is refused too. Zero means [DefaultMaxLength]; a
	// negative value means no limit.
	MaxLength int
}

// DefaultMaxLength is the length limit used when [Options.MaxLength] is
// zero: Chromium refuses URLs longer than 2 MiB (url::kMaxURLChars).
const DefaultMaxLength = 2 << 20

// UserinfoPolicy says what [Normalize] does with userinfo. The zero value is
// [UserinfoReject].
type UserinfoPolicy uint8

const (
	// UserinfoReject refuses URLs with userinfo, even an empty one
	// ("http://@host/"): it exists today mainly to make
	// "http://trusted.example@evil.example/" look like a trusted link.
	UserinfoReject UserinfoPolicy = iota
	// UserinfoStrip removes the userinfo and flags the URL.
	UserinfoStrip
	// UserinfoKeep keeps user name and password, canonicalised (unreserved
	// escapes decoded, illegal characters encoded, hex upper-cased), and
	// flags the URL. This is what the WWWOFFLE proxy does.
	UserinfoKeep
)

// RelativePolicy says what [Normalize] does with relative references. The
// zero value is [RelativeKeep].
type RelativePolicy uint8

const (
	// RelativeKeep normalises a relative reference and keeps it relative.
	// Its meaning is the one it has on an http(s) page.
	RelativeKeep RelativePolicy = iota
	// RelativeReject refuses relative references with [ReasonRelative].
	RelativeReject
	// RelativeResolve resolves relative references against [Options.Base].
	RelativeResolve
	// RelativeFragment keeps a same-document reference ("#id", which
	// names an element of the document it is in, whatever the document's
	// URL) and refuses every other relative reference with
	// [ReasonRelative]: what a standalone file, which has no base it may
	// load from, needs.
	RelativeFragment
)

// rejected returns the flags that refuse a URL: Reject, or every flag
// (including any a later version adds) under Strict.
func (o *Options) rejected() Flags {
	if o.Strict {
		return ^Flags(0)
	}
	return o.Reject
}

func (o *Options) maxLength() int {
	switch {
	case o.MaxLength == 0:
		return DefaultMaxLength
	case o.MaxLength < 0:
		return int(^uint(0) >> 1)
	}
	return o.MaxLength
}

// schemeAllowed reports whether the lower-case scheme s may be used. A nil
// list allows every scheme.
func (o *Options) schemeAllowed(s string) bool {
	if o.Schemes == nil {
		return true
	}
	return inList(o.Schemes, s)
}

// nestedSchemeAllowed is schemeAllowed for URLs found inside query values,
// where a nil list means http and https only: an open redirect to any other
// scheme is never what a link meant.
func (o *Options) nestedSchemeAllowed(s string) bool {
	if o.Schemes == nil {
		return s == "http" || s == "https"
	}
	return inList(o.Schemes, s)
}

func inList(list []string, s string) bool {
	for _, v := range list {
		if len(v) == len(s) && asciiEqualFold(v, s) {
			return true
		}
	}
	return false
}

func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}
