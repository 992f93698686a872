package oracle

import (
	"errors"

	"github.com/htmlclean/htmlclean/internal/testing/safety"
)

// Unparseable is what [BrowserScheme] returns for a URL the browser
// cannot parse: no policy lists it, so a judge flags such a URL.
const Unparseable = "(unparseable)"

// BrowserScheme is the scheme a browser gives u on the https page
// [DefaultBase], or [Unparseable]. Where the oracle is known to be wrong
// about the host ([ErrKnownGap]), the scheme is read as the URL
// Standard's scheme state does ([safety.SchemeOf]): it does not depend on
// the host. Pass it to [safety.ProblemsWith] for the strict judge.
func BrowserScheme(u string) string {
	w, err := Parse(DefaultBase, u)
	switch {
	case err == nil:
		return w.Scheme()
	case errors.Is(err, ErrKnownGap):
		return safety.SchemeOf(u)
	}
	return Unparseable
}
