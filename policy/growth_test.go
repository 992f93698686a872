package policy

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// loadCosts loads each of srcs several times, in turns so that each sees
// the same machine, and returns per source the allocations of one load (a
// deterministic count of work), the least CPU time of the runs, and the
// error Load returned. The collector is off while a run is timed and runs
// in full before each: how often it happens to run depends on the heap,
// not on the loader, and was the largest source of noise.
func loadCosts(srcs ...string) (allocs []uint64, cpu []time.Duration, errs []error) {
	rounds := 3 // checkGrowth measures a miss again
	if os.Getenv("HTMLCLEAN_LONG") != "" {
		rounds = 7
	}
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	allocs, errs = make([]uint64, len(srcs)), make([]error, len(srcs))
	cpu = make([]time.Duration, len(srcs))
	for i := range cpu {
		cpu[i] = time.Duration(1<<63 - 1)
	}
	var m0, m1 runtime.MemStats
	for r := range rounds {
		for i, src := range srcs {
			runtime.GC()
			runtime.ReadMemStats(&m0)
			start := cpuTime()
			_, err := Load(strings.NewReader(src), "p.yaml")
			cpu[i] = min(cpu[i], cpuTime()-start)
			if r == 0 {
				runtime.ReadMemStats(&m1)
				allocs[i], errs[i] = m1.Mallocs-m0.Mallocs, err
			}
		}
	}
	return allocs, cpu, errs
}

// TestLoadGrowth: for every dimension of a
// policy file, loading it at 8n costs less than 16 times what it costs
// at n (linear gives 8, quadratic 64). Allocations are counted exactly;
// CPU time (not wall time: the machine is shared) is the least of
// several runs, so a busy machine cannot make the test fail.
func TestLoadGrowth(t *testing.T) {
	tests := []struct {
		name string
		n    int
		file func(n int) string
	}{ // the names of the ones that load end in "-ok"
		{"type-errors", 1000, func(n int) string {
			return repeatLines("extends: ugc\nattributes:\n", "  - {name: title, on: [p], colour: red%d}\n", "", n)
		}},
		{"type-errors-one-line", 1150, func(n int) string {
			return repeatLines(`{"extends": "ugc", "elements": [`, `[%d], `, `"p"]}`, n)
		}},
		{"unknown-keys-one-mapping", 8000, func(n int) string {
			return repeatLines("extends: ugc\nurls:\n", "  s%d: x\n", "", n)
		}},
		{"add-elements-ok", 2000, func(n int) string {
			return repeatLines("extends: ugc\nadd:\n  elements: [", "x%d, ", "]\n", n)
		}},
		{"attributes-ok", 250, func(n int) string {
			return repeatLines("extends: ugc\nattributes:\n", "  - {name: title, on: [p, b], match: 'a%d'}\n", "", n)
		}},
		{"remove-attributes-ok", 150, func(n int) string {
			return repeatLines("extends: ugc\nadd:\n  attributes:\n", "    - {name: x-a%d, kind: text, on: [p, b]}\n", "", n) +
				repeatLines("remove:\n  attributes:\n", "    - {name: x-a%d, on: [p]}\n", "", n)
		}},
		{"rel-values-bad", 2300, func(n int) string {
			return repeatLines("extends: ugc\nlinks:\n  rel: [", "X%d, ", "]\n", n)
		}},
		{"rel-values-custom-ok", 2300, func(n int) string {
			return repeatLines("extends: ugc\nlinks:\n  rel: [", "x%d, ", "]\n", n)
		}},
		{"rel-values-good-ok", 2300, func(n int) string {
			return "extends: ugc\nlinks:\n  rel: [" + strings.Repeat("nofollow, ", n) + "]\n"
		}},
		{"class-tokens-ok", 700, func(n int) string { // 8n is near maxValueInsts
			return repeatLines("extends: ugc\nclasses:\n  - tokens: [", "t%d, ", "]\n", n)
		}},
		{"class-rules-ok", 230, func(n int) string {
			return repeatLines("extends: ugc\nclasses:\n", "  - {on: [p, b], tokens: [t%[1]d], match: 'c%[1]d-[a-z]+'}\n", "", n)
		}},
		{"class-tokens-bad", 2300, func(n int) string {
			return repeatLines("extends: ugc\nclasses:\n  - tokens: [", "\"t %d\", ", "]\n", n)
		}},
		{"wildcards-and-removes-ok", 190, func(n int) string {
			return repeatLines("extends: ugc\nadd:\n  attributes:\n", "    - {name: \"data-w%d-*\", on: [p]}\n", "", n) +
				repeatLines("remove:\n  attributes:\n", "    - {name: data-w%d-src, on: [p]}\n", "", n)
		}},
		{"schemes-ok", 2300, func(n int) string {
			return repeatLines("extends: ugc\nadd:\n  schemes: [", "s%d, ", "]\n", n)
		}},
		{"internal-hosts-ok", 2300, func(n int) string {
			return repeatLines("extends: ugc\nlinks:\n  internal_hosts: [", "h%d.example, ", "]\n", n)
		}},
		{"nesting", 1200, func(n int) string { // yaml.v3 stops at depth 10,000
			return "extends: ugc\nelements: [" + strings.Repeat(strings.Repeat("[", n)+strings.Repeat("]", n)+", ", 10) + "]\n"
		}},
		{"file-size", 400, func(n int) string {
			return repeatLines("extends: ugc\nadd:\n  elements: [", "x%d, ", "]\n", n) +
				repeatLines("  schemes: [", "s%d, ", "]\n", n) +
				repeatLines("  attributes:\n", "    - {name: x-a%d, kind: text, on: [x1, x2], match: '[a-z]+'}\n", "", n) +
				repeatLines("remove:\n  attributes:\n", "    - {name: x-a%d, on: [x3]}\n", "", n) +
				repeatLines("  elements: [", "x%d, ", "]\n", n/2) +
				repeatLines("links:\n  rel: [", "X%d, ", "]\n", n) +
				repeatLines("  internal_hosts: [", "h%d.example, ", "]\n", n)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkGrowth(t, tc.n, tc.file(tc.n), tc.file(8*tc.n), strings.HasSuffix(tc.name, "-ok"))
		})
	}
}

// checkGrowth fails if loading large (8n) costs 16 times what loading
// small (n) costs, in allocations or in CPU time. ok says whether the
// files load: measuring an early failure would prove nothing.
func checkGrowth(t *testing.T, n int, small, large string, ok bool) {
	t.Helper()
	// A quadratic loader misses every time; a loaded machine only
	// sometimes, so a miss is measured again before it counts.
	for attempt := 1; ; attempt++ {
		allocs, cpu, errs := loadCosts(small, large)
		a1, a8, c1, c8 := allocs[0], allocs[1], cpu[0], cpu[1]
		for _, err := range errs {
			if (err == nil) != ok {
				t.Fatalf("Load: %v", err)
			}
		}
		t.Logf("n=%d: %d allocs, %v; 8n: %d allocs, %v", n, a1, c1, a8, c8)
		if a8 > 16*a1 {
			t.Fatalf("allocations grew %.1fx for 8x the input (%d → %d)", float64(a8)/float64(a1), a1, a8)
		}
		// Below a few milliseconds the clock's granularity dominates.
		if c8 <= 16*c1 || c8 <= 20*time.Millisecond {
			return
		}
		if attempt == 3 {
			t.Fatalf("CPU time grew %.1fx for 8x the input (%v → %v), three times", float64(c8)/float64(c1), c1, c8)
		}
	}
}

// TestLoadGrowthSelfTest: the measure sees a quadratic loader. Without
// this, a cost function that measured nothing would pass every growth
// test.
func TestLoadGrowthSelfTest(t *testing.T) {
	quadratic := func(n int) string { // n keys in one mapping, each compared with all
		return fmt.Sprint(n)
	}
	cost := func(n int) time.Duration {
		best := time.Duration(1<<63 - 1)
		for range 3 {
			start := cpuTime()
			keys := strings.Fields(strings.Repeat("k ", n))
			same := 0
			for i := range keys {
				for j := range keys {
					if keys[i] == keys[j] {
						same++
					}
				}
			}
			_ = quadratic(same)
			best = min(best, cpuTime()-start)
		}
		return best
	}
	if c1, c8 := cost(400), cost(3200); c8 <= 16*c1 {
		t.Errorf("quadratic work grew only %.1fx for 8x (%v → %v)", float64(c8)/float64(c1), c1, c8)
	}
}
