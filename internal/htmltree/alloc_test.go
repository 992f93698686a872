package htmltree

import "testing"

// TestStepsAllocate checks that a warmed builder's steps allocate
// nothing: the pass runs them per token.
func TestStepsAllocate(t *testing.T) {
	props := PropTable()
	names := []string{"div", "table", "tbody", "tr", "td", "p", "a", "b", "li", "ul", "template", "svg", "desc"}
	var b Builder
	b.Reset(len(names))
	step := func() {
		for i, n := range names {
			f := Frame{Name: n}
			if n == "svg" || n == "desc" {
				f.Foreign, f.InForeign = true, n == "svg"
			}
			b.Mode()
			b.StartNS(n)
			b.UpTo("p", false, false)
			b.LinkClose(false)
			b.ItemFence(0)
			b.Push(f, int32(i), props[n])
		}
		b.OutOfScope("div", 0)
		b.EndIgnored("b", 1)
		b.ImpliedEndFloor("")
		b.ModeFloor()
		b.Cut(b.Len() - 2)
		for b.Len() > 0 {
			b.Pop()
		}
	}
	step() // grows the stack once
	if n := testing.AllocsPerRun(100, step); n != 0 {
		t.Errorf("a builder's steps allocate %v times, want 0", n)
	}
}
