// Package linktext reads a link's visible text as a person reads it and
// finds the hosts it names, so that a link whose text names one site and
// whose href leads to another can be caught:
// <a href="https://evil.example/">Sign in at paypal.com</a>.
//
// [Read] gives the text as it looks: compatibility-normalised (NFKC),
// without bidi controls and other invisible characters, with look-alike
// dots and slashes read as "." and "/". [HostsFor] finds, in the text of
// a link to a given href, the hosts a reader takes it to name, in the canonical form urlnorm gives
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
//   - a bare domain name ("paypal.com", "bbc.co.uk", "bank.example",
//     "paypal.app", "paypal.zip") on any top-level domain of the public
//     suffix list's ICANN section or one reserved for examples and tests
//     (RFC 2606, RFC 6761), unless the href says otherwise (below);
//   - a dotted-decimal IPv4 address: "192.168.0.1".
//
// These are not hosts:
//
//   - numbers and versions: "3.14", "v1.2", "1.2.3";
//   - abbreviations and code on no top-level domain: "e.g.", "D.W.",
//     "Node.js", "np.array", and code written as a call, "model.fit()";
//   - a file name the link leads to: a bare word whose ending is a
//     common file-name extension that is also a top-level domain (ac, am,
//     cc, in, md, mk, ml, mov, pl, pm, ps, py, rs, sh, so, zip) and that
//     equals the last segment of the href's path (case-insensitively,
//     escapes of unreserved characters decoded): "report.zip" on a link
//     to ".../dl/report.zip", "main.rs:42" on one to ".../src/main.rs";
//   - a Stack Exchange site nickname on a link to a Stack Exchange site:
//     "stats.SE", "CS.SE" (two labels, a two-letter ending in capitals,
//     no scheme, "www.", port or path) on a link to stackexchange.com,
//     stackoverflow.com and the network's other domains;
//   - a bare name on an internationalised ending, which in a script whose
//     full stop is "。" reads as a sentence: "こんにちは。世界" ("пример.рф"
//     is a host with a scheme, "www.", a port or a path).
//
// Why the href decides. A phisher picks the name and its ending, so no
// exception may rest on the name's shape alone: "paypal.zip",
// "paypal.app", "model.fit" and "PAYPAL.DE" look like a file, code and a
// nickname as much as "report.zip", "plt.show" and "stats.SE" do. The
// file-name exception needs the link to lead to a file of that name, on
// an ending that is a file extension ("https://evil.example/paypal.com"
// with text "paypal.com" is still a mismatch); the nickname exception
// needs the link to lead to Stack Exchange, where a reader who took the
// nickname for a host lands on no page of the phisher's. Bare code on a
// real ending ("model.fit", "plt.show", "self.app") is read as a host:
// any exception for it would be one for "paypal.app" too.
//
// Both sides of the rule are tested (linktext_test.go).
package linktext
