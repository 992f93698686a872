package urlnorm

import (
	"errors"
	"fmt"
	"sync"
	"testing"
)

// idnHosts are hosts writeIDNHost judges: accepted, flagged and refused,
// including an IPv4 address written in fullwidth digits.
var idnHosts = []string{
	"bücher.example", "例え.jp", "xn--r8jz45g.jp", "xn--bcher-kva.example",
	"ｅｘａｍｐｌｅ.com", "１２７.0.0.1", "раураl.com", "аррӏе.com",
	"exa\u200bmple.com", "xn--.example", "xn--zz.example", "a\u1e9eb.example",
	"bank\u2024example.com", "b\u00fccher.example.", "\u0661\u0662.example",
}

// TestIDNMemoAgrees checks that a judgement from the memo, and one made
// while another host holds the slot, are what judging afresh gives.
func TestIDNMemoAgrees(t *testing.T) {
	var m memo
	for round := range 2 {
		for _, h := range idnHosts {
			got, want := *m.judge(h), *judgeIDNHost(h)
			if got != want {
				t.Errorf("round %d: judge(%q) = %+v, want %+v", round, h, got, want)
			}
		}
	}
	// Every host in one slot: each judge call replaces the last one's
	// judgement, and none may be handed to another host.
	var one memo
	for range 2 {
		for _, h := range idnHosts {
			slot := &one.slots[0]
			j := one.judgeIn(slot, h)
			if want := judgeIDNHost(h); *j != *want {
				t.Errorf("shared slot: judge(%q) = %+v, want %+v", h, *j, *want)
			}
		}
	}
}

// TestIDNMemoURLs checks that Inspect gives the same result and error for
// a URL whether its host is judged afresh or taken from the memo.
func TestIDNMemoURLs(t *testing.T) {
	for _, h := range idnHosts {
		for _, o := range []Options{{}, {Strict: true}, {Reject: FlagConfusable | FlagHostMapped}} {
			u := "https://" + h + "/p?q=1"
			idnMemo = memo{}
			first, err1 := Inspect(u, o)
			second, err2 := Inspect(u, o)
			if first != second || fmt.Sprint(err1) != fmt.Sprint(err2) {
				t.Errorf("Inspect(%q, %+v): afresh %+v, %v; from the memo %+v, %v", u, o, first, err1, second, err2)
			}
			var re1, re2 *RejectError
			if errors.As(err1, &re1) != errors.As(err2, &re2) || re1 != nil && (re1.Offset != re2.Offset || re1.Flags != re2.Flags) {
				t.Errorf("Inspect(%q): errors differ: %#v and %#v", u, err1, err2)
			}
		}
	}
}

// TestIDNMemoConcurrent races goroutines over hosts that share slots; run
// with -race, it shows the memo needs no lock.
func TestIDNMemoConcurrent(t *testing.T) {
	var m memo
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				h := idnHosts[(g+i)%len(idnHosts)]
				if got, want := m.judgeIn(&m.slots[i%2], h), judgeIDNHost(h); *got != *want {
					t.Errorf("judge(%q) = %+v, want %+v", h, *got, *want)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestIDNMemoBounded checks that a host longer than memoMaxHost is judged
// but not kept.
func TestIDNMemoBounded(t *testing.T) {
	var m memo
	long := "b\u00fccher"
	for len(long) <= memoMaxHost {
		long += ".b\u00fccher"
	}
	m.judge(long)
	for i := range m.slots {
		if m.slots[i].Load() != nil {
			t.Fatalf("a %d-byte host was kept in slot %d", len(long), i)
		}
	}
}
