package stylesheet

import (
	"strconv"
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"

	"github.com/htmlclean/htmlclean/internal/ascii"
)

// CoversPage reports whether one declaration lets content cover the page
// around it (a fake login form over the whole window, a click-jacking
// layer), and why: position fixed or sticky, a z-index beyond
// ±[MaxZIndex] or not a plain integer, and a width, height, min-*,
// inline-size or block-size of 90 page-sized units or more (summed, so
// that calc(50vw + 50vw) counts as 100; a number it cannot read counts
// as 100). Page-sized units are the viewport's and the query
// container's: with no container around it, which a mail cannot count
// on, a cq* unit is the small viewport's (CSS Containment 3, container
// relative lengths). It refuses, too, what places the element by
// another or names it for the rest of the document (namesAcrossTree,
// anchorValue): the page's anchored UI would move to user content, or
// user content over the page. prop is the property, decoded and lower case; value is its
// value with escapes decoded, with or without "!important".
//
// It is the one rule for style attributes (package sanitize) and style
// sheets ([Sanitize]): where they read a value differently, it takes the
// stricter reading. position: absolute stays: it covers the page only
// outside a positioned container, which the page must provide.
func CoversPage(prop, value string) (Reason, bool) {
	value = strings.TrimSpace(ascii.Lower(value))
	if v, ok := strings.CutSuffix(value, "!important"); ok {
		value = strings.TrimSpace(v)
	}
	switch {
	case namesAcrossTree(prop):
		return ReasonAnchor, true
	case strings.Contains(value, "anchor") && anchorValue(value):
		return ReasonAnchor, true
	case prop == "position":
		if strings.Contains(value, "fixed") || strings.Contains(value, "sticky") {
			return ReasonPosition, true
		}
	case prop == "z-index":
		if value == "auto" || wideKeyword(value) {
			return 0, false
		}
		z, err := strconv.Atoi(strings.TrimPrefix(value, "+"))
		if err != nil || z > MaxZIndex || z < -MaxZIndex {
			return ReasonZIndex, true
		}
	case sizeProperties[prop] && mayHoldPageUnits(value):
		if pageUnits(value) >= 90 {
			return ReasonViewport, true
		}
	}
	return 0, false
}

// namesAcrossTree reports whether prop gives an element a name the rest
// of the document looks up, or looks one up, whatever the tree between
// them: the page's own anchored popups and tooltips move to a user
// element that takes their anchor's name, through contain: paint and any
// container (CSS Anchor Positioning 1 §2, anchor-name; a later name
// wins), a user element anchored to the page's moves over the page's
// controls (position-anchor, position-area and its earlier name
// inset-area, the position-try fallbacks), a view transition draws an
// element with a view-transition-name over the whole page (CSS View
// Transitions 1 §3; prefix matched, so -class and -group go too), and a
// named scroll or view timeline drives the page's animations that name
// it (Scroll-driven Animations §4, timeline-scope). overlay is set by
// the user agent only; an author's is refused all the same. Every value
// is refused, none included: the check is by property. A switch, not a
// map: it runs for every declaration of every style attribute.
func namesAcrossTree(prop string) bool {
	switch prop {
	case "anchor-name", "anchor-scope", "position-anchor",
		"position-area", "inset-area", "position-visibility",
		"position-try", "position-try-fallbacks", "position-try-options", "position-try-order",
		"scroll-timeline", "scroll-timeline-name", "view-timeline", "view-timeline-name",
		"timeline-scope", "overlay":
		return true
	}
	return strings.HasPrefix(prop, "view-transition")
}

// anchorValue reports whether a value, lower case with escapes decoded,
// refers to an anchor: anchor() and anchor-size() (CSS Anchor
// Positioning 1 §3, §4) place or size the element by its anchor, which
// may be the page's, and anchor-center (§3.4) centres it on one. It
// matches inside strings too: it can only refuse too much.
func anchorValue(value string) bool {
	return strings.Contains(value, "anchor(") || strings.Contains(value, "anchor-size(") ||
		strings.Contains(value, "anchor-center")
}

// wideKeyword reports whether v is a keyword every property takes (CSS
// Cascade §7.3).
func wideKeyword(v string) bool {
	switch v {
	case "inherit", "initial", "unset", "revert", "revert-layer":
		return true
	}
	return false
}

// mayHoldPageUnits reports whether value, lower case, may hold a
// page-sized unit: every one is spelt with a "v" or "cq", unless it is
// escaped. Most sizes are in px or %: they are not lexed.
func mayHoldPageUnits(value string) bool {
	return strings.IndexByte(value, 'v') >= 0 || strings.Contains(value, "cq") || strings.IndexByte(value, '\\') >= 0
}

// pageUnits sums the page-sized lengths in a value: viewport units (vw,
// vh, vi, vb, vmin, vmax and their s, l and d forms, CSS Values 4)
// and container query units (cqw, cqh, cqi, cqb, cqmin, cqmax). A number
// it cannot read counts as 100: the check fails closed.
func pageUnits(value string) float64 {
	sum := 0.0
	lex := css.NewLexer(parse.NewInputString(value))
	for {
		tt, raw := lex.Next()
		if tt == css.ErrorToken {
			return sum
		}
		if tt != css.DimensionToken {
			continue
		}
		num, unit, ok := splitDimension(string(raw))
		if !ok {
			continue // a unit that is not all letters is no viewport unit
		}
		if len(unit) > 2 && strings.IndexByte("sld", unit[0]) >= 0 {
			unit = unit[1:]
		}
		switch unit {
		case "vw", "vh", "vi", "vb", "vmin", "vmax",
			"cqw", "cqh", "cqi", "cqb", "cqmin", "cqmax":
			f, err := strconv.ParseFloat(num, 64)
			switch {
			case err != nil:
				sum += 100
			case f > 0:
				sum += f
			}
		}
	}
}
