package sanitize

// nameMap is a read-only map from element names to V, built once (per
// policy or at init), for the lookups the pass makes on every tag: open
// addressing on a multiplicative hash of a name's length and three of its
// bytes, at most a quarter full. A lookup costs a few instructions and
// one string comparison, where a Go map hashes the whole name and costs
// several times more (on the bench pages, element-name map lookups were
// a tenth of the pass). Whatever a hostile document names, a lookup
// probes at most as many slots as the table has names.
type nameMap[V any] struct {
	keys []string // "" is a free slot: no name is empty
	vals []V
	mask uint32
}

func newNameMap[V any](m map[string]V) nameMap[V] {
	size := 16
	for size < 4*len(m) {
		size *= 2
	}
	t := nameMap[V]{keys: make([]string, size), vals: make([]V, size), mask: uint32(size - 1)}
	for k, v := range m {
		if k == "" {
			continue // never looked up: the tokenizer's names are not empty
		}
		h := nameHash(k) & t.mask
		for t.keys[h] != "" {
			h = (h + 1) & t.mask
		}
		t.keys[h], t.vals[h] = k, v
	}
	return t
}

// get returns name's value, and whether it is there.
func (t *nameMap[V]) get(name string) (v V, ok bool) {
	if name == "" || t.keys == nil {
		return v, false
	}
	for h := nameHash(name) & t.mask; ; h = (h + 1) & t.mask {
		switch t.keys[h] {
		case name:
			return t.vals[h], true
		case "":
			return v, false
		}
	}
}

// at returns name's value, or V's zero value.
func (t *nameMap[V]) at(name string) V {
	v, _ := t.get(name)
	return v
}

// nameHash hashes a non-empty name. The top bits of the product mix every
// input bit; the table takes its low bits from them.
func nameHash(s string) uint32 {
	n := len(s)
	h := uint32(n)
	h = h*31 + uint32(s[0])
	h = h*31 + uint32(s[n/2])
	h = h*31 + uint32(s[n-1])
	return (h * 0x9E3779B1) >> 16
}
