package main

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/htmlclean/htmlclean/internal/testing/growth"
)

// TestBudgetBounds runs jobs of random costs, some over the whole budget,
// on eight workers, and checks with its own count that the cost of the
// jobs started and not yet collected never exceeds the budget, that a job
// over the budget runs alone, and that results come in job order.
func TestBudgetBounds(t *testing.T) {
	const capacity = 100
	rng := rand.New(rand.NewPCG(7, 8))
	jobs := make([]job, 300)
	costs := map[*job]int64{}
	for i := range jobs {
		jobs[i].path = fmt.Sprint(i)
		costs[&jobs[i]] = int64(1 + rng.IntN(60))
		if i%50 == 7 {
			costs[&jobs[i]] = 250
		}
	}
	var mu sync.Mutex
	var live, peak int64
	aloneBroken := false
	fn := func(j *job, _ *turn) result {
		mu.Lock()
		live += min(costs[j], capacity)
		peak = max(peak, live)
		if costs[j] > capacity && live != capacity {
			aloneBroken = true
		}
		mu.Unlock()
		return result{job: j}
	}
	next := 0
	each(jobs, 8, newBudget(capacity), func(j *job) int64 { return costs[j] }, fn, func(r result) {
		if r.job != &jobs[next] {
			t.Fatalf("result %s came at %d", r.job.path, next)
		}
		next++
		mu.Lock()
		live -= min(costs[r.job], capacity)
		mu.Unlock()
	})
	if next != len(jobs) || peak > capacity || aloneBroken {
		t.Errorf("%d of %d results, peak %d of %d, a job over the budget ran with others: %v",
			next, len(jobs), peak, capacity, aloneBroken)
	}
}

// TestHeldOrder has jobs write outputs of random sizes, some past the
// held limit, through heldWriters to one shared writer, as stdout is
// written: whatever order they finish in, the shared output is theirs in
// job order. Run it with -race: a job writes only in its turn.
func TestHeldOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	jobs := make([]job, 200)
	want := make([]string, len(jobs))
	for i := range jobs {
		jobs[i].path = fmt.Sprint(i)
		want[i] = strings.Repeat(fmt.Sprintf("<%d>", i), rng.IntN(40))
	}
	var shared bytes.Buffer
	fn := func(j *job, tn *turn) result {
		var i int
		fmt.Sscan(j.path, &i)
		h := &heldWriter{limit: 64, turn: tn, dst: &shared}
		for k := 0; k < len(want[i]); k += 5 { // in small writes
			h.Write([]byte(want[i][k:min(k+5, len(want[i]))]))
		}
		return result{job: j, out: h.held()}
	}
	each(jobs, 8, newBudget(1<<20), func(*job) int64 { return 1 }, fn, func(r result) {
		shared.Write(r.out)
	})
	if got := shared.String(); got != strings.Join(want, "") {
		t.Errorf("shared output out of order:\n got %.200q\nwant %.200q", got, strings.Join(want, ""))
	}
}

// TestEachLinear checks that the collector's work per job is constant: n
// and 8n jobs on four workers.
func TestEachLinear(t *testing.T) {
	growth.Check(t, 2000, func(n int) string { return strings.Repeat("x", n) }, func(s string) {
		jobs := make([]job, len(s))
		each(jobs, 4, newBudget(memBudget), func(*job) int64 { return 1 << 20 },
			func(j *job, _ *turn) result { return result{job: j} }, func(result) {})
	})
}

// TestHeldWriterLinear checks that a heldWriter's cost grows linearly
// with the output, held and then written through, in small writes.
func TestHeldWriterLinear(t *testing.T) {
	growth.Check(t, 1<<16, func(n int) string { return strings.Repeat("x", n) }, func(s string) {
		h := &heldWriter{limit: 1 << 15, turn: openTurn(), dst: io.Discard}
		for i := 0; i < len(s); i += 7 {
			h.Write([]byte(s[i:min(i+7, len(s))]))
		}
	})
}
