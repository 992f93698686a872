package stylesheet

import (
	"net/url"
	"strings"
)

const testScope = ".hc-mail"

// testURL stands in for urlnorm: absolute http(s) URLs only, written in
// net/url's canonical form, and only if that form is a fixed point (as
// urlnorm.Normalize's is: Sanitize is idempotent only with such a check).
func testURL(raw string) (string, bool) {
	u, ok := parseTestURL(raw)
	if !ok {
		return "", false
	}
	if again, ok := parseTestURL(u); !ok || again != u {
		return "", false
	}
	return u, true
}

func parseTestURL(raw string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return "", false
	}
	if u.Scheme == "" && strings.HasPrefix(raw, "//") {
		u.Scheme = "https"
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "", false
	}
	return u.String(), true
}

// testDecl stands in for the policy's per-property rules: every valid
// property is allowed, so that the tests show the package's own checks.
func testDecl(property, value string) bool { return true }

// testID stands in for ids.prefix: ids are written under "m-", once.
func testID(id string) (string, bool) {
	if strings.HasPrefix(id, "m-") {
		return id, true
	}
	return "m-" + id, true
}

func testOptions() Options {
	return Options{Scope: testScope, ID: testID, Decl: testDecl, URL: testURL}
}

// hasReason reports whether removed holds a removal for r.
func hasReason(removed []Removal, r Reason) bool {
	for _, rm := range removed {
		if rm.Reason == r {
			return true
		}
	}
	return false
}
