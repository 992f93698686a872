package sanitize

import (
	"slices"
	"strings"

	"github.com/htmlclean/htmlclean/internal/stylesheet"
)

// Reasons of the settings for HTML e-mail (policy.Config.Document,
// RemoteContent).
const (
	// ReasonMailDocument: a document's html, head or body tag, or a body
	// attribute the wrapper does not carry, read into the wrapper
	// (document: wrap).
	ReasonMailDocument Reason = "mail-document"
	// ReasonMailWrapper: the wrapper written, or written anew: around a
	// fragment, in place of the body, or where content followed the end
	// of the input's own wrapper.
	ReasonMailWrapper Reason = "mail-wrapper"
	// ReasonStylesheetMoved: a <style> sheet written at the wrapper's
	// end, sanitised and joined with the others in its @scope rule.
	ReasonStylesheetMoved Reason = "stylesheet-moved"
	// ReasonRemoteBlocked: a URL the mail loads from as it is shown
	// (remote_content: block), or one a proxy cannot load (relative).
	ReasonRemoteBlocked Reason = "remote-blocked"
	// ReasonRemoteProxied: a URL the mail loads from rewritten into the
	// proxy (remote_content: proxy).
	ReasonRemoteProxied Reason = "remote-proxied"
	// ReasonTrackingPixel: an image with a remote src that no reader
	// sees (1×1 or smaller, or hidden): it exists to tell the sender the
	// mail was opened.
	ReasonTrackingPixel Reason = "tracking-pixel"
)

// sheetReasons are the reasons of a rule, selector or declaration removed
// from a <style> sheet: "css-sheet-" and the sheet sanitiser's reason
// ("css-sheet-attribute-selector"), by stylesheet.Reason.
var sheetReasons = func() (r [32]Reason) {
	for i := range r {
		name := stylesheet.Reason(i).String()
		if strings.HasPrefix(name, "Reason(") {
			break
		}
		r[i] = Reason("css-sheet-" + strings.ReplaceAll(strings.TrimPrefix(name, "@"), " ", "-"))
	}
	return r
}()

// sheetReason is the Reason of a stylesheet.Removal.
func sheetReason(r stylesheet.Reason) Reason {
	if int(r) < len(sheetReasons) && sheetReasons[r] != "" {
		return sheetReasons[r]
	}
	return Reason("css-sheet-" + r.String())
}

// declaredReasons lists the sanitiser's own reasons, then those above and
// the sheet's, for Reasons.
func declaredReasons() []Reason { return slices.Concat(ownReasons, mailReasons()) }

// mailReasons lists the reasons above, and the sheet's.
func mailReasons() []Reason {
	out := []Reason{ReasonMailDocument, ReasonMailWrapper, ReasonStylesheetMoved,
		ReasonRemoteBlocked, ReasonRemoteProxied, ReasonTrackingPixel}
	for _, r := range sheetReasons {
		if r != "" {
			out = append(out, r)
		}
	}
	return out
}
