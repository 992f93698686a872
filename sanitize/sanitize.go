package sanitize

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unsafe"

	"github.com/htmlclean/htmlclean/internal/rules"
	"github.com/htmlclean/htmlclean/policy"
)

// Sanitize reads HTML from r and writes the sanitised HTML to w.
//
// It streams: memory is bounded by the policy's limits (the longest token
// and the nesting depth), not by the size of the input. A document of at
// most 256 KiB, or of at most 4 MiB from a reader that says its length
// (a Len method, as [bytes.Reader] and [strings.Reader] have), is done in
// memory instead, which is cheaper. On error the output written so far
// is incomplete and must be discarded.
//
// r, w, the policy's hooks and report are all called on the caller's
// goroutine, whichever way the document goes (see "Where caller code
// runs" in the package documentation): a panic in any of them reaches
// the caller's recover, and no goroutine outlives the call.
func Sanitize(w io.Writer, r io.Reader, p *policy.Policy) error {
	return run(context.Background(), w, r, p, nil)
}

// Options are a call's settings besides the policy, for [SanitizeWith]
// and [StringWith]: one value rather than a function per combination.
// The zero value is what [Sanitize] and [String] do: never stop, report
// nothing. An Options holds no state of its own; whether it is safe for
// concurrent use is up to Report (the sanitiser calls it on the
// caller's goroutine only).
type Options struct {
	// Context, if not nil, stops the call once it is done: the call
	// returns an error for which errors.Is(err, ctx.Err()) holds, after
	// reading at most 32 KiB more of the input and working on at most
	// 64 KiB more, and the output written so far must be discarded as on
	// any error. A call that had read all of its input may still finish,
	// with all of its output and a nil error. The context is checked
	// before each read of the input, not while a read blocks: a reader
	// that can block (a network connection) needs its own deadline too.
	// A context that is never done ([context.Background]) costs nothing.
	Context context.Context

	// Report, if not nil, is called, in input order, for every element or
	// attribute removed and every URL rewritten or rejected. It may be
	// called before the output is complete, and for a call that then
	// fails.
	Report func(Change)
}

// ctx returns o's context, [context.Background] if it has none.
func (o Options) ctx() context.Context {
	if o.Context == nil {
		return context.Background()
	}
	return o.Context
}

// SanitizeWith is [Sanitize] with o's context and report.
func SanitizeWith(w io.Writer, r io.Reader, p *policy.Policy, o Options) error {
	return run(o.ctx(), w, r, p, o.Report)
}

// String sanitises s.
func String(s string, p *policy.Policy) (string, error) {
	return StringWith(s, p, Options{})
}

// StringWith is [String] with o's context and report.
func StringWith(s string, p *policy.Policy, o Options) (string, error) {
	var b strings.Builder
	b.Grow(len(s))
	if err := runDocContext(o.ctx(), &b, stringBytes(s), p, o.Report); err != nil {
		return "", err
	}
	return b.String(), nil
}

// stringBytes returns s's bytes without a copy, for the pass to read (the
// Scanner never writes into its document).
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// Bytes sanitises b, as [String] does, into a new slice: the result never
// shares memory with b, which is left unchanged. On error it returns nil,
// never partial output.
func Bytes(b []byte, p *policy.Policy) ([]byte, error) {
	out := bytes.NewBuffer(make([]byte, 0, len(b)))
	if err := runDoc(out, b, p, nil); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// smallInput is how much run reads before choosing how to pipe the two
// stages: a document that fits is done in memory, one stage after the
// other; a larger one streams through a pipe into the policy stage.
const smallInput = 256 << 10

// memInput is how large a document from a reader that knows its length
// (Len, as bytes.Reader, strings.Reader and bytes.Buffer have) is still
// done in memory. The caller holds such a document already, so doing it
// in memory costs a bounded multiple of what is held (the copy read here
// and the pass's two forms, about three times the document), and it is
// cheaper: internal/htmlscan tokenizes it instead of x/net/html, and no
// goroutine, pipe or segment copies are needed (on the bench pages, with
// three documents of 288 KB to 2.3 MB, 6% of the pipeline's
// instructions; BenchmarkPages). Past it, such a reader streams too, so
// memory stays bounded whatever the input.
const memInput = 4 << 20

// bufPool holds the buffers between the two stages and for read-ahead.
var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func getBuf() *bytes.Buffer {
	b := bufPool.Get().(*bytes.Buffer)
	b.Reset()
	return b
}

func putBuf(b *bytes.Buffer) {
	if b.Cap() <= 4*smallInput {
		bufPool.Put(b)
	}
}

// sinkPool holds the pass's two forms between documents.
var sinkPool = sync.Pool{New: func() any { return new(sink) }}

func getSink() *sink {
	b := sinkPool.Get().(*sink)
	b.Reset()
	return b
}

func putSink(b *sink) {
	if b.Cap() <= 4*smallInput {
		sinkPool.Put(b)
	}
}

// run is the pipeline: the tokenizer pass (URLs, structure, report), then
// the policy's allowlist (bluemonday) as a second line of defence. It
// stops when ctx is done.
func run(ctx context.Context, w io.Writer, r io.Reader, p *policy.Policy, report func(Change)) error {
	if p == nil {
		return errors.New("sanitize: nil policy")
	}
	st := runPool.Get().(*runState)
	st.o = outWriter{w: w}
	err := st.o.result(pipe(ctx, &st.o, r, p, report, &st.head))
	*st = runState{} // nothing of the caller's kept in the pool
	runPool.Put(st)
	return err
}

// runState is what run needs besides the stages, pooled: allocated, the
// two were two of the nine allocations per comment the pipeline makes
// besides bluemonday's.
type runState struct {
	o    outWriter
	head io.LimitedReader // pipe's read-ahead
}

var runPool = sync.Pool{New: func() any { return new(runState) }}

// pipe chooses how to run the two stages: one after the other for a small
// input, streaming for a large one.
func pipe(ctx context.Context, w io.Writer, r io.Reader, p *policy.Policy, report func(Change), lr *io.LimitedReader) error {
	// A reader that knows its length (bytes.Reader, strings.Reader) needs
	// no read-ahead to choose.
	head := getBuf()
	defer putBuf(head)
	limit := smallInput
	if l, ok := r.(interface{ Len() int }); ok {
		// Asked once: a Len that changes between calls, or is negative,
		// is the caller's type's business, and must not panic Grow.
		// Past the policy's input limit the document fails anyway, and
		// streaming holds no more than the limit while it does.
		if n, most := l.Len(), p.Rules(rules.Key{}).Limits.MaxInputBytes; n >= 0 && n <= memInput && (most < 0 || int64(n) <= most) {
			limit = max(limit, n)
			head.Grow(n + bytes.MinRead) // ReadFrom wants MinRead free to see EOF
		}
	}
	*lr = io.LimitedReader{R: withContext(ctx, r), N: int64(limit) + 1}
	if _, err := head.ReadFrom(lr); err != nil {
		return fmt.Errorf("sanitize: %w", err)
	}
	if head.Len() <= limit {
		return runDocContext(ctx, w, head.Bytes(), p, report)
	}
	// The read-ahead too is read through ctx: it is up to 256 KiB of work.
	return runStream(w, withContext(ctx, io.MultiReader(bytes.NewReader(head.Bytes()), r)), p, report)
}

// runDoc runs the two stages one after the other over a document in
// memory, which it does not change.
func runDoc(w io.Writer, doc []byte, p *policy.Policy, report func(Change)) error {
	return runDocContext(context.Background(), w, doc, p, report)
}

// runDocContext is runDoc that stops when ctx is done. Both stages read
// the document through ctx if ctx can be done, so that a call stops
// within ctxReadBytes of either; the pass then reads it as a stream, as
// it does a document over the input limit.
func runDocContext(ctx context.Context, w io.Writer, doc []byte, p *policy.Policy, report func(Change)) error {
	if p == nil {
		return errors.New("sanitize: nil policy")
	}
	f, c := getSink(), getSink()
	defer putSink(f)
	defer putSink(c)
	size := len(doc)
	f.Grow(size + size/8)
	c.Grow(size + size/4)
	var s *pass
	cancellable := ctx.Done() != nil
	if limit := p.Rules(rules.Key{}).Limits.MaxInputBytes; cancellable || limit >= 0 && int64(size) > limit {
		// Read as a stream, the document stops where the limit is met,
		// and the error says where; or where ctx is done.
		s = newPass(twin{f, c}, withContext(ctx, bytes.NewReader(doc)), nil, p, report)
	} else {
		s = newPass(twin{f, c}, nil, doc, p, report)
	}
	s.refs.doc, s.refs.ctx = doc, ctx // references may name ids defined after them
	marked, tail, err := s.run()
	if err != nil {
		return err
	}
	d := docPool.Get().(*docStage)
	defer d.release()
	fl := &d.fl
	*fl = follower{w: w}
	fl.push(segment{f: f.Bytes(), c: c.Bytes(), marked: marked, line: 1, col: 1})
	d.r.Reset(f.Bytes())
	if cancellable {
		err = applyPolicy(p, fl, withContext(ctx, &d.r))
		if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			// The context's error, not the stage's ("policy: ...").
			err = fmt.Errorf("sanitize: %w", ctx.Err())
		}
	} else {
		err = applyPolicy(p, fl, &d.r)
	}
	if err == nil {
		err = fl.Close()
	}
	if err == nil && tail != nil {
		_, err = w.Write(tail) // the sheets of document: wrap, checked by their own sanitiser
	}
	return policyStage(fl, report, err)
}

// docStage is the policy stage's state for a document in memory, pooled:
// a follower is a few hundred bytes, allocated per document it was 3% of
// the bytes the comments' pipeline allocates, and as much of its garbage
// collection.
type docStage struct {
	fl follower
	r  bytes.Reader
}

var docPool = sync.Pool{New: func() any { return new(docStage) }}

// release drops what d points to (the output, the document's forms) and
// returns it to the pool.
func (d *docStage) release() {
	d.fl = follower{}
	d.r.Reset(nil)
	docPool.Put(d)
}

// applyPolicy runs the policy's bluemonday stage, which package policy
// does not export (see policy.Policy.Rules).
func applyPolicy(p *policy.Policy, w io.Writer, r io.Reader) error {
	return p.Rules(rules.Key{}).Stage(w, r)
}

// policyStage reports the follower's divergence, if any, and passes err.
func policyStage(fl *follower, report func(Change), err error) error {
	if ch, ok := fl.change(); ok && report != nil && err == nil {
		report(ch)
	}
	return err
}

// segmentBytes is the size of a streamed segment (canonical form): what
// the follower holds while the policy stage reads it, and how far back
// the output turns to the stage's own where the two differ.
const segmentBytes = 32 << 10

// runStream runs the two stages at once: the pass hands each segment to
// the follower and its faithful form, through a pipe, to the policy
// stage, whose output the follower compares with the canonical form.
//
// The stage runs on a goroutine of its own and calls nothing of the
// caller's: the pass (the reader, the hooks, report) runs on the caller's
// goroutine, and so does the writer, which gets the stage's output through
// a handoff drained after each segment. However the pass ends, by error or
// by panic, the stage's goroutine ends before runStream returns or the
// panic goes on.
func runStream(w io.Writer, r io.Reader, p *policy.Policy, report func(Change)) error {
	pr, pw := io.Pipe()
	out := new(handoff)
	fl := &follower{w: out, mu: new(sync.Mutex)}
	done := make(chan stageResult, 1)
	go streamStage(p, fl, pr, done)
	ended := false
	defer func() {
		if !ended {
			// The pass panicked: end the stage, then let the panic go on,
			// with its own stack, to the caller's recover.
			pw.CloseWithError(errPassStopped)
			<-done
		}
	}()
	bw := bufio.NewWriterSize(pw, 64<<10)
	f, c := getSink(), getSink()
	defer putSink(f)
	defer putSink(c)
	line, col := 1, 1
	// flush hands on what the pass wrote since the last call, starting at
	// line:col; the next segment starts at nextLine:nextCol. Then it
	// writes what the stage has written meanwhile.
	flush := func(marked bool, nextLine, nextCol int) error {
		seg := segment{f: bytes.Clone(f.Bytes()), c: bytes.Clone(c.Bytes()), marked: marked, line: line, col: col}
		f.Reset()
		c.Reset()
		line, col = nextLine, nextCol
		// Before the stage can read it, so the follower has it to compare.
		fl.push(seg)
		if _, err := bw.Write(seg.f); err != nil {
			return err
		}
		return out.drain(w)
	}
	s := newPass(twin{f, c}, r, nil, p, report)
	s.out.flush = func() error {
		marked := s.out.marked
		s.out.marked = false
		return flush(marked, s.in.nextLine, s.in.nextCol)
	}
	s.out.seg = segmentBytes
	marked, tail, err := s.run()
	if err == nil {
		err = flush(marked, 0, 0)
	}
	if err == nil {
		err = bw.Flush()
	}
	pw.CloseWithError(err)
	res := <-done
	ended = true
	if res.panicked != nil {
		panic(res.panicked)
	}
	if err == nil {
		err = res.err
	}
	if err == nil {
		err = out.drain(w)
	}
	if err == nil && tail != nil {
		_, err = w.Write(tail) // the sheets of document: wrap, checked by their own sanitiser
	}
	return policyStage(fl, report, err)
}

// errPassStopped ends the policy stage's input when the pass panicked,
// and errStageStopped the pass's output when the stage did.
var (
	errPassStopped  = errors.New("sanitize: first stage stopped")
	errStageStopped = errors.New("sanitize: policy stage stopped")
)

// streamStage runs the policy stage over what the pass pipes to pr, and
// sends how it ended on done.
func streamStage(p *policy.Policy, fl *follower, pr *io.PipeReader, done chan<- stageResult) {
	var res stageResult
	defer func() {
		err := res.err
		if v := recover(); v != nil {
			res, err = stageResult{panicked: v}, errStageStopped
		}
		pr.CloseWithError(err) // unblock the pass if the stage stopped
		done <- res
	}()
	res.err = applyPolicy(p, fl, pr)
	if res.err == nil {
		res.err = fl.Close()
	}
}
