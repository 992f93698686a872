package urlnorm

import (
	"errors"
	"strings"
)

// resolve turns the normalised relative reference ref into an absolute URL
// against [Options.Base] (RFC 3986 §5.2.2, which the URL Standard's
// relative states agree with for http(s) bases), then normalises that.
func (n *normalizer) resolve(ref Result) (Result, error) {
	o := &n.opts
	base, err := inspect(o.Base, Options{MaxLength: -1}, maxNestedDepth)
	if err != nil || base.Host == "" || !isSpecial(base.Scheme) {
		return Result{}, n.reject(ReasonBase, 0)
	}
	b := base.URL
	if k := strings.IndexByte(b, '#'); k >= 0 {
		b = b[:k]
	}
	origin := b[:len(base.Scheme)+3+strings.IndexAny(b[len(base.Scheme)+3:]+"/", "/?")]
	r := ref.URL
	var abs string
	switch {
	case ref.Host != "":
		abs = base.Scheme + ":" + r
	case r == "" || r[0] == '#':
		abs = b + r
	case r[0] == '?':
		abs = b[:strings.IndexByte(b+"?", '?')] + r
	case r[0] == '/':
		abs = origin + r
	default:
		path := b[len(origin):strings.IndexByte(b+"?", '?')]
		abs = origin + path[:strings.LastIndexByte(path, '/')+1] + r
	}
	inner := *o
	inner.Relative = RelativeKeep
	res, err := inspect(abs, inner, n.depth)
	if err != nil {
		var re *RejectError
		if errors.As(err, &re) {
			re.Input, re.Offset = n.raw, 0
		}
		return Result{}, err
	}
	res.Flags |= ref.Flags
	if err := n.enforce(res); err != nil {
		return Result{}, err
	}
	return res, nil
}
