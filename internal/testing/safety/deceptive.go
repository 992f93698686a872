package safety

import "strings"

// DeceptiveLinks are links every preset removes, one or more of each
// protection a policy must keep when a setting is left out: the deceptive
// URL forms (urls.flags), userinfo, nested URLs, link text naming another
// host, and relative references, which the strict and mail presets
// refuse. The tests of zero-valued policy settings and of an empty
// SanitizerConfig hold their results to the presets' with them.
var DeceptiveLinks = []string{
	`<a href="https://pаypal.com/">x</a>`,                              // confusable (Cyrillic а)
	`<a href="https://ɡoogle.com/">x</a>`,                              // confusable (Latin script g)
	`<a href="https://paypal.com∕evil.example/">x</a>`,                 // lookalike-separator (U+2215)
	`<a href="https://paypal.com⁄login.evil.example/">x</a>`,           // lookalike-separator (U+2044)
	`<a href="https://site.example/files/%E2%80%AEgnp.exe">x</a>`,      // spoof-char (RLO)
	`<a href="https://site.example/a%E2%80%8Bb">x</a>`,                 // spoof-char (zero width space)
	`<a href="https://site.example/static/%2F..%2Fadmin">x</a>`,        // encoded-separator
	`<a href="https://site.example/a%5C..%5Cb">x</a>`,                  // encoded-separator (backslash)
	`<a href="https://bank.example@evil.example/">x</a>`,               // userinfo
	`<a href="https://site.example/r?u=https://a@evil.example/">x</a>`, // nested URL with userinfo
	`<a href="https://site.example/r?u=javascript:alert(1)">x</a>`,     // nested URL with an active scheme
	`<a href="https://evil.example/">https://bank.example/login</a>`,   // link text naming another host
	`<a href="/account/delete">x</a>`,                                  // relative
	`<a href="//evil.example/">x</a>`,                                  // scheme-relative
}

// HrefKept reports whether out still holds an href.
func HrefKept(out string) bool { return strings.Contains(out, "href=") }
