package sanitize

import (
	"strings"

	"github.com/htmlclean/htmlclean/internal/rules"
)

// SVG animation (SVG Animations Level 2, SMIL): <animate>, <set> and
// <animateTransform> write the values they hold (values, from, to, by)
// into the attribute their attributeName names, on their parent or the
// element their href names, after the sanitiser has looked: <set
// attributeName="href" to="javascript:..."> inside <a> makes a script
// link of a checked one. The pass keeps attributeName only when it names
// an attribute in animatable, and otherwise drops the values with it, so
// the element animates nothing; its timing attributes stay, as a browser
// keeps them. setHTML() drops attributeName only when it is href or
// xlink:href and keeps the values (WPT sanitizer-svg-animate.html): the
// pass keeps less, never more. <animateMotion> moves its target along a
// path and ignores attributeName, which stays as text.

// animatable are the attributes an animation may name, exactly as the
// browser matches attributeName (case-sensitive, not trimmed): geometry
// and presentation attributes that hold numbers, lengths, colours,
// transforms or same-document paint references, none a URL, an event
// handler, style, class or id. What is not here is not animated.
var animatable = map[string]bool{
	"fill": true, "fill-opacity": true, "fill-rule": true, "stroke": true,
	"stroke-width": true, "stroke-opacity": true, "stroke-dasharray": true,
	"stroke-dashoffset": true, "stroke-linecap": true, "stroke-linejoin": true,
	"stroke-miterlimit": true, "opacity": true, "color": true, "stop-color": true,
	"stop-opacity": true, "visibility": true, "display": true, "font-size": true,
	"letter-spacing": true, "word-spacing": true,
	"transform": true, "gradientTransform": true, "patternTransform": true,
	"x": true, "y": true, "width": true, "height": true, "r": true, "cx": true,
	"cy": true, "rx": true, "ry": true, "fx": true, "fy": true, "x1": true,
	"y1": true, "x2": true, "y2": true, "dx": true, "dy": true, "d": true,
	"points": true, "offset": true, "startOffset": true, "viewBox": true,
}

// animatesAttribute reports whether the SVG element name writes its
// values into the attribute attributeName names. The pass asks only for
// foreign elements, so HTML ones pay nothing.
func animatesAttribute(name string) bool {
	return name == "animate" || name == "set" || name == "animatetransform"
}

// animation checks the attributes of the SVG animation element name, in
// s.attrs.list after each was checked alone, as a whole: attributeName
// outside animatable goes with the values (animatedValue), and a value
// that could write a URL to another document goes alone. attributeType
// stays only as XML or auto: CSS would animate the style property of
// that name, which the styles settings decide. It reports whether it
// dropped any.
func (s *pass) animation(name string) bool {
	// Every attributeName must be animatable: a stream read by TagAttr
	// keeps repeats, which the browser ignores, but no check should
	// lean on which one it reads.
	target, named := true, false
	for _, at := range s.attrs.list {
		if at.key == "attributename" {
			target, named = target && animatable[at.val], true
		}
	}
	target = target && named
	n := len(s.attrs.list)
	s.attrs.list = s.dropAttrs(name, s.attrs.list, func(at attr) bool {
		switch at.key {
		case "attributename":
			return !target
		case "attributetype":
			return at.val != "XML" && at.val != "auto"
		case "values", "from", "to", "by":
			return !target || !animatedValue(&s.r, at.val)
		}
		return false
	})
	return len(s.attrs.list) != n
}

// dropAttrs removes from list, in place, the attributes of the element
// name that drop says go, reporting each.
func (s *pass) dropAttrs(name string, list []attr, drop func(attr) bool) []attr {
	out := list[:0]
	for _, at := range list {
		if drop(at) {
			s.removedAttr(name, at.key, at.val, ReasonValueNotAllowed, 0)
			continue
		}
		out = append(out, at)
	}
	clear(list[len(out):])
	return out
}

// animatedValue reports whether an animation may write v into an
// animatable attribute: a paint reference in it must name an element of
// the same document (url(#id)), as the cssref rules keep it, and under
// ids.prefix none is kept, for the pass would have to rename it. A
// backslash (a CSS escape, "u\72l(") drops the value: the check reads it
// as written.
func animatedValue(r *rules.Rules, v string) bool {
	if strings.IndexByte(v, '\\') >= 0 {
		return false
	}
	for rest := v; ; {
		i := indexFold(rest, "url(")
		if i < 0 {
			return true
		}
		if r.IDPrefix != "" {
			return false
		}
		rest = strings.TrimLeft(rest[i+len("url("):], " \t\n\r\f")
		rest = strings.TrimLeft(rest, `"'`)
		if !strings.HasPrefix(rest, "#") {
			return false
		}
	}
}

// indexFold is strings.Index for an ASCII lower-case sub, ignoring the
// case of s.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}
