package sanitize

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/htmlclean/htmlclean/policy"
)

// streamDoc is a document of n links, each in a paragraph of text, over
// smallInput for n of a hundred or more: it streams from a reader that
// does not say its length. Link i goes to https://a.example/i.
func streamDoc(n int) string {
	var b strings.Builder
	text := strings.Repeat("plain words and more words. ", 100)
	for i := range n {
		fmt.Fprintf(&b, "<p>%s<a href=\"https://a.example/%d\">link</a></p>\n", text, i)
	}
	return b.String()
}

// streamElement is the size of one of streamDoc's paragraphs.
var streamElement = len(streamDoc(1))

// plainReader hides a reader's Len, so that Sanitize streams.
type plainReader struct{ r io.Reader }

func (p *plainReader) Read(b []byte) (int, error) { return p.r.Read(b) }

// breakingReader reads r, then fails (or panics, with panicked set) once
// it has given after bytes.
type breakingReader struct {
	r        io.Reader
	after    int
	panicked bool
}

var errTestRead = errors.New("test: read failed")

func (f *breakingReader) Read(b []byte) (int, error) {
	if f.after <= 0 {
		if f.panicked {
			panic(errTestRead)
		}
		return 0, errTestRead
	}
	b = b[:min(len(b), f.after)]
	n, err := f.r.Read(b)
	f.after -= n
	return n, err
}

// breakingWriter fails (or panics) once it has taken after bytes.
type breakingWriter struct {
	after    int
	panicked bool
}

var errTestWrite = errors.New("test: write failed")

func (f *breakingWriter) Write(b []byte) (int, error) {
	if f.after -= len(b); f.after < 0 {
		if f.panicked {
			panic(errTestWrite)
		}
		return 0, errTestWrite
	}
	return len(b), nil
}

// errHook is what a panicking hook panics with.
var errHook = errors.New("test: hook failed")

// failingCall is one way a streamed call fails: it returns the value the
// call panicked with, or its error.
type failingCall struct {
	name string
	call func(doc string) (panicked any, err error)
	want error // what the error or the panic must be (errors.Is)
}

func failingCalls(t *testing.T) []failingCall {
	ugc := policy.UGC()
	// The hooks fail at the fifth link: after the read-ahead, with the
	// policy stage running.
	var urls, elements atomic.Int64
	urlHook := hookPolicy(t, policy.Hooks{URL: func(u policy.URLContext) (string, bool) {
		if urls.Add(1)%5 == 0 {
			panic(errHook)
		}
		return u.URL, true
	}})
	elementHook := hookPolicy(t, policy.Hooks{Element: func(e policy.ElementContext) policy.ElementAction {
		if e.Name == "a" && elements.Add(1)%5 == 0 {
			panic(errHook)
		}
		return policy.Keep
	}})
	caught := func(f func() error) (panicked any, err error) {
		defer func() { panicked = recover() }()
		return nil, f()
	}
	read := func(p *policy.Policy, r io.Reader, w io.Writer) func() error {
		return func() error { return Sanitize(w, r, p) }
	}
	past := smallInput + 4<<10 // past the read-ahead
	return []failingCall{
		{"url-hook-panic", func(doc string) (any, error) {
			return caught(read(urlHook, &plainReader{strings.NewReader(doc)}, io.Discard))
		}, errHook},
		{"element-hook-panic", func(doc string) (any, error) {
			return caught(read(elementHook, &plainReader{strings.NewReader(doc)}, io.Discard))
		}, errHook},
		{"reader-error", func(doc string) (any, error) {
			return caught(read(ugc, &breakingReader{r: strings.NewReader(doc), after: past}, io.Discard))
		}, errTestRead},
		{"reader-panic", func(doc string) (any, error) {
			return caught(read(ugc, &breakingReader{r: strings.NewReader(doc), after: past, panicked: true}, io.Discard))
		}, errTestRead},
		{"writer-error", func(doc string) (any, error) {
			return caught(read(ugc, &plainReader{strings.NewReader(doc)}, &breakingWriter{after: 40 << 10}))
		}, errTestWrite},
		{"writer-panic", func(doc string) (any, error) {
			return caught(read(ugc, &plainReader{strings.NewReader(doc)}, &breakingWriter{after: 40 << 10, panicked: true}))
		}, errTestWrite},
		{"token-too-long", func(doc string) (any, error) {
			long := doc[:past] + "<a title=\"" + strings.Repeat("x", ugc.Limits().MaxTokenBytes) + "\">"
			return caught(read(ugc, &plainReader{strings.NewReader(long)}, io.Discard))
		}, nil},
	}
}

// TestStreamFailuresEndGoroutines: a streamed call that fails, by an
// error or a panic in a hook, the reader, the writer or the pass, ends
// every goroutine it started, and a panic reaches the caller's recover.
// A thousand such calls leave the goroutines and the heap where they were.
func TestStreamFailuresEndGoroutines(t *testing.T) {
	calls := 1000
	if testing.Short() {
		calls = 100
	}
	doc := streamDoc(smallInput/streamElement + 8)
	kinds := failingCalls(t)
	goroutines, heap := settle()
	for i := range calls {
		k := kinds[i%len(kinds)]
		panicked, err := k.call(doc)
		switch {
		case strings.HasSuffix(k.name, "-panic"):
			if got, ok := panicked.(error); !ok || !errors.Is(got, k.want) {
				t.Fatalf("%s: recovered %v, want a panic with %v", k.name, panicked, k.want)
			}
		case panicked != nil:
			t.Fatalf("%s: panicked with %v, want an error", k.name, panicked)
		case err == nil:
			t.Fatalf("%s: nil error", k.name)
		case k.want != nil && !errors.Is(err, k.want):
			t.Fatalf("%s: error %v, want %v", k.name, err, k.want)
		}
	}
	gotGoroutines, gotHeap := settle()
	t.Logf("%d calls: goroutines %d -> %d, heap %d KiB -> %d KiB", calls, goroutines, gotGoroutines, heap>>10, gotHeap>>10)
	if gotGoroutines > goroutines {
		t.Errorf("%d calls left %d goroutines, %d before", calls, gotGoroutines, goroutines)
	}
	// A stage left behind holds its segments and buffers, some 200 KiB.
	if gotHeap > heap+8<<20 {
		t.Errorf("%d calls grew the heap from %d KiB to %d KiB", calls, heap>>10, gotHeap>>10)
	}
}

// settle returns the goroutines and the live heap once the garbage
// collector has run (twice: the pools keep what they hold through one).
func settle() (goroutines int, heap uint64) {
	var m runtime.MemStats
	for range 2 {
		runtime.GC()
	}
	runtime.ReadMemStats(&m)
	return runtime.NumGoroutine(), m.HeapAlloc
}

// cancellingReader reads r and counts what it gives; after cancelAt bytes
// it cancels, and counts on.
type cancellingReader struct {
	r        io.Reader
	cancelAt int
	cancel   func()
	read     int
}

func (c *cancellingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.read += n
	if c.read >= c.cancelAt && c.cancel != nil {
		c.cancel()
		c.cancel = nil
		c.cancelAt = c.read
	}
	return n, err
}

// TestContextCancelStopsReading: a call whose context is cancelled stops
// within 64 KiB of further input, with the context's error and not a nil
// one, streamed or in memory.
func TestContextCancelStopsReading(t *testing.T) {
	doc := streamDoc(smallInput / streamElement * 3)
	for _, tc := range []struct {
		name     string
		cancelAt int
		withLen  bool // the reader says its length: in memory
	}{
		{"read-ahead", 64 << 10, false},
		{"streaming", smallInput + 100<<10, false},
		{"in-memory", len(doc), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			cr := &cancellingReader{r: strings.NewReader(doc), cancelAt: tc.cancelAt, cancel: cancel}
			var r io.Reader = &plainReader{cr}
			if tc.withLen {
				r = &lenReader{cr, len(doc)}
			}
			err := SanitizeWith(io.Discard, r, policy.UGC(), Options{Context: ctx})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("SanitizeWith = %v, want %v", err, context.Canceled)
			}
			if after := cr.read - cr.cancelAt; after > 64<<10 {
				t.Errorf("read %d bytes after the cancel, want at most %d", after, 64<<10)
			}
		})
	}
}

// lenReader is a reader that says its length, as strings.Reader does.
type lenReader struct {
	r io.Reader
	n int
}

func (l *lenReader) Read(b []byte) (int, error) { return l.r.Read(b) }
func (l *lenReader) Len() int                   { return l.n }

// TestContextCancelBoundsWork: a context cancelled while the pass runs (by
// a hook here, as a deadline would) stops the call within 64 KiB of input
// more, however slow the hooks: counted in hook calls, one a paragraph.
func TestContextCancelBoundsWork(t *testing.T) {
	doc := streamDoc(smallInput / streamElement * 3)
	for _, tc := range []struct {
		name string
		r    func() io.Reader
	}{
		{"streaming", func() io.Reader { return &plainReader{strings.NewReader(doc)} }},
		{"in-memory", func() io.Reader { return strings.NewReader(doc) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			const cancelAt = 150 // links: past the read-ahead
			calls := 0
			p := hookPolicy(t, policy.Hooks{URL: func(u policy.URLContext) (string, bool) {
				if calls++; calls == cancelAt {
					cancel()
				}
				return u.URL, true
			}})
			var report int
			err := SanitizeWith(io.Discard, tc.r(), p, Options{Context: ctx, Report: func(Change) { report++ }})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("SanitizeWith = %v, want %v", err, context.Canceled)
			}
			if after := (calls - cancelAt) * streamElement; after > 64<<10 {
				t.Errorf("%d hook calls after the cancel (%d bytes), want at most %d bytes", calls-cancelAt, after, 64<<10)
			}
		})
	}
}

// TestContextDeadline: a context past its deadline fails the call with
// context.DeadlineExceeded; one that is not done changes nothing, in
// memory or streamed.
func TestContextDeadline(t *testing.T) {
	p := policy.UGC()
	doc := streamDoc(smallInput/streamElement + 8)
	expired, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-expired.Done()
	live, cancelLive := context.WithCancel(context.Background())
	defer cancelLive()
	for _, in := range []string{doc[:1000], doc} {
		want, err := String(in, p)
		if err != nil {
			t.Fatal(err)
		}
		readers := map[string]func() io.Reader{
			"len":   func() io.Reader { return strings.NewReader(in) },
			"plain": func() io.Reader { return &plainReader{strings.NewReader(in)} },
		}
		for name, r := range readers {
			var got strings.Builder
			if err := SanitizeWith(&got, r(), p, Options{Context: expired}); !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("SanitizeWith(expired, %d bytes, %s) = %v, want %v", len(in), name, err, context.DeadlineExceeded)
			}
			for _, ctx := range []context.Context{context.Background(), live} {
				got.Reset()
				if err := SanitizeWith(&got, r(), p, Options{Context: ctx}); err != nil || got.String() != want {
					t.Errorf("SanitizeWith(%v, %d bytes, %s) = %v; output as String's: %v", ctx, len(in), name, err, got.String() == want)
				}
			}
		}
	}
}
