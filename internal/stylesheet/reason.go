package stylesheet

import "strconv"

// Reason says why a construct was removed. The zero value is
// [ReasonParse].
type Reason uint8

// The reasons a rule, selector or declaration is removed.
const (
	ReasonParse          Reason = iota // the parser reported an error here
	ReasonSelector                     // a selector outside the supported subset
	ReasonAttribute                    // an attribute selector with a value or namespace
	ReasonPseudo                       // a pseudo-class or pseudo-element not allowed
	ReasonOutsideScope                 // the selector would reach outside the wrapper
	ReasonIDSelector                   // an id selector Options.ID refused (or is nil)
	ReasonAtRule                       // an at-rule that is never kept
	ReasonImport                       // @import: a second stylesheet, never checked
	ReasonMediaQuery                   // an @media prelude outside the supported subset
	ReasonNesting                      // a nested rule, or @media deeper than MaxDepth
	ReasonProperty                     // Options.Decl refused the declaration
	ReasonScript                       // expression(), behavior, -moz-binding: script in CSS
	ReasonFunction                     // a function outside the allowlist
	ReasonURL                          // Options.URL refused the URL (or is nil)
	ReasonValue                        // a token not allowed in a value
	ReasonPosition                     // position: fixed or sticky
	ReasonZIndex                       // a z-index beyond ±MaxZIndex
	ReasonViewport                     // a size of 90 or more viewport units
	ReasonAnchor                       // anchor positioning, a view transition or timeline name (CoversPage)
	ReasonCustomProperty               // a custom property (--name), which var() could carry
	ReasonLimit                        // past Options.MaxRules
	ReasonEmpty                        // a rule left with no declaration
	ReasonWrapper                      // a property the wrapper itself may not be given
	ReasonType                         // a <style> whose type is not CSS: browsers never apply it
	reasonCount
)

var reasonNames = [reasonCount]string{
	"parse error", "selector", "attribute selector", "pseudo-class",
	"outside scope", "id selector", "at-rule", "@import", "media query",
	"nesting", "property", "script", "function", "url", "value",
	"position", "z-index", "viewport size", "anchor", "custom property", "limit",
	"empty rule", "wrapper property", "type",
}

// String returns a short lower-case name for r.
func (r Reason) String() string {
	if r < reasonCount {
		return reasonNames[r]
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}
