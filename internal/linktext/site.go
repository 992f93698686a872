package linktext

import (
	"strings"

	"golang.org/x/net/publicsuffix"
)

// SameSite reports whether the canonical hosts a and b belong to one
// site: the same registrable domain (the public suffix plus one label,
// with the list's private suffixes: "a.github.io" and "b.github.io" are
// two sites, "www.bank.example" and "login.bank.example" one). An IP
// address, a single label, or a host that is itself a public suffix
// ("github.io") is one site by itself; "www." and a final dot make no
// difference.
func SameSite(a, b string) bool {
	a, b = strings.TrimSuffix(a, "."), strings.TrimSuffix(b, ".")
	if a == b {
		return true
	}
	return site(a) == site(b)
}

// site returns the registrable domain of a canonical host, or the host
// without "www." where it has none.
func site(h string) string {
	if strings.HasPrefix(h, "[") || strings.IndexByte(h, '.') < 0 || ipv4(h) {
		return h
	}
	d, err := publicsuffix.EffectiveTLDPlusOne(h)
	if err != nil {
		return strings.TrimPrefix(h, "www.")
	}
	return d
}

// ipv4 reports whether a canonical host is an IPv4 address: urlnorm
// writes every IPv4 form in dotted decimal, and no domain label is all
// digits at the end.
func ipv4(h string) bool {
	return digits(h[strings.LastIndexByte(h, '.')+1:])
}
