// Package linktext reads a link's visible text as a person reads it and
// finds the hosts it names, so that a link whose text names one site and
// whose href leads to another can be caught:
// <a href="https://evil.example/">Sign in at paypal.com</a>.
//
// [Read] gives the text as it looks: compatibility-normalised (NFKC),
// without bidi controls and other invisible characters, with look-alike
// dots and slashes read as "." and "/". [Hosts] finds, in that text, the
// hosts a reader takes it to name, in the canonical form urlnorm gives
// them; [SameSite] compares two hosts by registrable domain (the public
// suffix list).
//
// # What names a host
//
// Text under a RIGHT-TO-LEFT OVERRIDE is read twice, as stored and as
// shown (reversed): "\u202emoc.lapyap" shows "paypal.com".
//
// The text is read word by word (words are separated by white space;
// quotes, brackets and sentence punctuation around a word are not part
// of it). A word names a host when it is
//
//   - a URL with an authority: "https://paypal.com/signin",
//     "HTTPS://PAYPAL.COM", "//paypal.com"; a user name in it that reads
//     as a host ("https://paypal.com@evil.example/") is named too;
//   - an e-mail address or a mailto: URL: "help@paypal.com",
//     "mailto:help@paypal.com";
//   - a domain name that starts with "www.", or is followed by a path or
//     a port: "www.paypal.com", "paypal.com/login", "github.io/paypal",
//     "paypal.com:443";
//   - a bare domain name ("paypal.com", "bbc.co.uk", "bank.example")
//     whose top-level domain readers know as one: a country code, one of
//     the generic domains that predate 2012 (com, org, net, edu, gov,
//     mil, int, info, biz), or a name reserved for examples and tests
//     (RFC 2606, RFC 6761);
//   - a dotted-decimal IPv4 address: "192.168.0.1".
//
// Every domain name must end in a top-level domain of the public suffix
// list's ICANN section or a reserved one. These are not hosts:
//
//   - numbers and versions: "3.14", "v1.2", "1.2.3";
//   - abbreviations: "e.g.", "i.e.", "D.W." (no such top-level domain);
//   - code: "Node.js", "model.fit", "plt.show" (.fit and .show are
//     top-level domains since 2014, but readers take a bare "x.fit" for
//     code; with a scheme, "www.", a port or a path they are hosts);
//   - a sentence in a script whose full stop is "。" and whose next word
//     is an internationalised top-level domain: "こんにちは。世界"
//     ("пример.рф" is a host with a scheme, "www.", a port or a path);
//   - file names: "setup.py", "README.md", "main.rs:42", "libc.so",
//     "archive.zip" — a word without scheme, "www." or path whose
//     top-level domain is also a common file-name extension (cc, md,
//     mk, ml, mov, pl, pm, ps, py, rs, sh, so, zip);
//   - site nicknames: "stats.SE", "CS.SE" — two labels, no scheme,
//     "www.", port or path, and a two-letter ending in capitals, as
//     Stack Exchange communities name their sites ("PAYPAL.COM",
//     "WWW.PAYPAL.DE" and "paypal.de" are hosts).
//
// Both sides of the rule are tested (linktext_test.go).
package linktext
