// Package urlnorm reads a URL the way a browser does and writes its
// canonical form, refusing the encodings that exist only to fool filters.
//
// It is built for HTML sanitisers: every URL-bearing attribute value (after
// HTML character-reference decoding) goes through [Normalize] before an
// allowlist looks at it, so that the allowlist, a blocklist, a moderator
// and the browser all see the same URL.
//
// # What the canonical form is
//
// [Normalize] parses like the WHATWG URL Standard (the browser's parser):
// leading and trailing whitespace trimmed, interior TAB/LF/CR deleted, "\"
// read as "/" in http(s) URLs, the last "@" ending the userinfo, hosts
// percent-decoded, mapped with UTS #46 and parsed as IPv4 when they end in
// a number. It then writes the URL so that Go's net/url reads the same
// scheme, host and port:
//
//   - scheme and host lower-case; hosts in Punycode; IPv4 dotted decimal;
//     IPv6 compressed; default and empty ports dropped;
//   - dot segments resolved, including "%2E" forms; "%2F" is never a
//     separator;
//   - escapes of unreserved characters (A–Z a–z 0–9 - . _ ~) decoded, except
//     "%2D" in queries (SiteMinder's escape character); every other escape
//     kept, hex upper-cased: "%2F %3F %23 %25" in paths and the form
//     delimiters "%26 %3D %2B" in queries keep their meaning;
//   - characters that may not appear raw (space, quotes, "<", ">", "^",
//     non-ASCII, …) percent-encoded as UTF-8;
//   - opaque URLs (mailto:, javascript:, data:) and SiteMinder-encoded query
//     values ("-SM-…", "$SM$…") kept byte for byte.
//
// No query sorting, no ";"/"&" swapping, no removal of an empty "?" or "#":
// those change what a server sees. Relative references are read as on an
// http(s) page and stay relative unless [Options.Relative] says otherwise.
//
// # What is refused
//
// A [*RejectError] with a typed [Reason] for encodings with no legitimate use:
// C0 controls and NUL, malformed escapes ("%4", "%G1"), IIS's "%uXXXX"
// escapes anywhere ([ReasonPercentU]), overlong or
// surrogate UTF-8 ("%C0%AE"), encoded controls in paths and hosts, a "%"
// or colon before a scheme ("java%73cript:"), userinfo
// ("http://good.example@evil.example/") unless [Options.Userinfo] allows it,
// hosts that fail UTS #46 (non-transitional, CheckBidi, CheckJoiners, no
// STD3 rules, invalid Punycode labels judged on the input's labels as
// UTS #46 §4.4 says) or the IPv4 parser, except that an all-ASCII host
// UTS #46 refuses is kept, lower-cased, as the URL Standard's domain to
// ASCII and browsers keep it ("xn--a", "xn--ab-j1t"; [FlagBadPunycode]),
// hosts over the Punycode cost bounds ([ReasonHostTooLong]: a Unicode
// label over 255 UTF-16 code units; there is no DNS length limit, as in
// browsers), IPv6 zone ids, ports above 65535, and references whose meaning depends on the page they are on
// ("https:evil.example", "///evil.example"). Suspicious forms that have a
// meaning are canonicalised and reported as [Flags] (see [Inspect]);
// [Options.Reject] refuses the chosen ones too, [Options.Strict] all of them.
//
// # SiteMinder
//
// [EncodeSM] and [DecodeSM] implement the SM-encoding of CA/Broadcom
// SiteMinder web agents (legacy "$SM$" and framework "-SM-"), which carries
// a URL inside a query value; [Options.Nested] decodes such values, and
// plain URLs in query values, and refuses the outer URL if the inner one
// is refused or uses a scheme that is not allowed.
//
// # Security considerations
//
// Normalize does not decide which schemes are safe: with the zero
// [Options], "javascript:alert(1)" is accepted (canonicalised and flagged
// [FlagActiveScheme]). Set [Options.Schemes], or let the caller's policy
// check the scheme of the canonical form; never check the raw input.
//
// Built with Go 1.27 or later, x/net/idna and x/text run on their Unicode
// 17.0 tables, the mapping browsers use today; built with an older Go
// they fall back to Unicode 15.0, and hosts whose mapping changed since
// (U+1E9E) or whose code points came later are refused, never mapped the
// old way.
//
// The canonical form preserves the browser's meaning of the input; it does
// not make a URL trustworthy. A host in Punycode can still be a homograph
// ([FlagConfusable] marks mixed-script labels and labels whose UTS #39
// skeleton is all ASCII, from confusables.txt 14.0.0;
// [FlagLookalikeSeparator] marks "∕" and other symbols that look like
// URL delimiters), a canonical link can
// still be an open redirect ([FlagNestedURL]: a URL in a query value, or
// in the path from a segment on, as in "/redirect/https://evil.example/",
// "/go/http:evil.example" or "/out/http%3A%2F%2Fevil.example"; a path that
// is "//host" once dot segments are resolved; the path forms of redirect
// services such as "/amp/s/evil.example/"), a legacy-charset escape can still
// decode differently on different servers ([FlagInvalidUTF8]), and an
// IP-literal host ([FlagIPHost]) can lead into the reader's or the
// server's own network ([FlagInternalIP]: loopback, private, link-local
// and cloud metadata addresses, also inside IPv6). A server that fetches
// the URLs it is given (a link unfurler, an image proxy) should refuse
// [FlagInternalIP] with [Options.Reject] and still resolve names itself:
// a domain name can resolve to an internal address, which urlnorm does
// not look up.
//
// Relative references are interpreted as on an http(s) page. Do not use
// urlnorm for file: URLs (they are refused) or for pages served with a
// <base> element that points elsewhere.
//
// The canonical form is verified to be a fixed point before it is returned;
// that it parses in Go's net/url with the browser's scheme, host and port
// is established by the fuzz target FuzzNormalize rather than checked on
// every call.
//
// What UTS #46 makes of a host is remembered for the last hosts seen, in
// 512 slots shared by every goroutine of the process (hosts up to 255
// bytes): the one package state urlnorm has, a cache of a pure function
// of the host, whose results never change. A caller who can time
// Normalize could tell whether a host was judged lately, perhaps for
// another user (a few microseconds); processes that must not share that
// fact should not share urlnorm.
//
// All functions are safe for concurrent use. Inputs, and canonical forms,
// longer than [Options.MaxLength] (2 MiB by default, Chromium's limit) are
// refused; the work is linear in the input. Unicode labels are measured
// after UTS #46 mapping and refused before Punycode encoding, whose cost
// is quadratic in a label, past [ReasonHostTooLong]'s bounds; TestGrowth
// checks every input dimension.
package urlnorm
