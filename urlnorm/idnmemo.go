package urlnorm

import (
	"hash/maphash"
	"strings"
	"sync/atomic"
)

// idnMemo remembers the judgements of the hosts most recently seen, so a
// host that recurs (the same site linked in one comment after another) is
// put through UTS #46 once. It is shared by every goroutine and needs no
// lock: each slot holds a pointer to an immutable judgement, replaced
// whole; a reader that loses a race sees the old judgement or the new
// one, both complete. A slot is chosen by a hash with a per-process seed,
// and a judgement is used only for the host it was made for, so a
// collision (chance or an attacker's) costs a judgement, never a wrong
// one. Memory is bounded: memoSlots judgements of hosts of at most
// memoMaxHost bytes.
//
// It is the one mutable package state in urlnorm (the house style asks
// for none): a cache of a pure function, which no caller can tell from
// judging afresh except by time (see the security considerations in the
// package documentation).
var idnMemo memo

const (
	memoSlots   = 512
	memoMaxHost = 255
)

type memo struct {
	slots [memoSlots]atomic.Pointer[idnJudgement]
}

var memoSeed = maphash.MakeSeed()

// judge returns judgeIDNHost(h), from the memo if h was judged lately.
func (m *memo) judge(h string) *idnJudgement {
	if len(h) > memoMaxHost {
		return judgeIDNHost(h)
	}
	return m.judgeIn(&m.slots[maphash.String(memoSeed, h)%memoSlots], h)
}

// judgeIn looks for h's judgement in slot, and puts it there if absent.
func (m *memo) judgeIn(slot *atomic.Pointer[idnJudgement], h string) *idnJudgement {
	if j := slot.Load(); j != nil && j.host == h {
		return j
	}
	// h may share memory with the caller's buffer, which is reused.
	j := judgeIDNHost(strings.Clone(h))
	slot.Store(j)
	return j
}
