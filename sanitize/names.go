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
	slots []nameSlot[V] // a key "" is a free slot: no name is empty
	mask  uint32
	n     int // names held
}

type nameSlot[V any] struct {
	key string
	val V
}

func newNameMap[V any](m map[string]V) nameMap[V] {
	size := 16
	for size < 4*len(m) {
		size *= 2
	}
	t := nameMap[V]{slots: make([]nameSlot[V], size), mask: uint32(size - 1)}
	for k, v := range m {
		if k == "" {
			continue // never looked up: the tokenizer's names are not empty
		}
		h := nameHash(k) & t.mask
		for t.slots[h].key != "" {
			h = (h + 1) & t.mask
		}
		t.slots[h] = nameSlot[V]{k, v}
		t.n++
	}
	return t
}

// len returns the number of names t holds.
func (t *nameMap[V]) len() int { return t.n }

// get returns name's value, and whether it is there.
func (t *nameMap[V]) get(name string) (v V, ok bool) {
	if name == "" || t.slots == nil {
		return v, false
	}
	for h := nameHash(name) & t.mask; ; h = (h + 1) & t.mask {
		sl := &t.slots[h]
		if len(sl.key) == len(name) && sl.key == name {
			return sl.val, true
		}
		if sl.key == "" {
			return v, false
		}
	}
}

// at returns name's value, or V's zero value.
func (t *nameMap[V]) at(name string) V {
	v, _ := t.get(name)
	return v
}

// nameHash hashes a non-empty name by its length and its first and last
// bytes, which tell HTML's element names apart well enough for a table a
// quarter full. The top bits of the product mix every input bit; the
// table takes its low bits from them.
func nameHash(s string) uint32 {
	h := uint32(len(s))
	h = h*31 + uint32(s[0])
	h = h*31 + uint32(s[len(s)-1])
	return (h * 0x9E3779B1) >> 16
}
