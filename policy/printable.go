package policy

// printable returns c as [Policy.String] writes it. An attribute entry of
// the effective policy names every element it applies to, so one the
// policy allows on every element would repeat the whole element list,
// and a policy with n elements and m such attributes would print as
// n×m names (a SanitizerConfig's global attributes list does that):
// written without on, which means every allowed element, it says the
// same in one line. A named attribute's on list holds each allowed
// element at most once (attributeList: one rule per element, name and
// pattern), so a list as long as the elements list is that list, and the
// check costs nothing per element. Wildcards keep their lists: they are
// few, and an element may hold more than one rule for a prefix.
func printable(c Config) Config {
	n := len(c.Elements)
	var attrs []Attribute
	for i, a := range c.Attributes {
		if n == 0 || len(a.On) != n || isWildcard(a.Name) {
			continue
		}
		if attrs == nil {
			attrs = make([]Attribute, len(c.Attributes))
			copy(attrs, c.Attributes)
		}
		attrs[i].On = nil
	}
	if attrs != nil {
		c.Attributes = attrs
	}
	return c
}
