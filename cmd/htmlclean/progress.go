package main

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// redrawEvery is the shortest time between two frames of the progress
// bar: ten a second is smooth to the eye and costs nothing.
const redrawEvery = 100 * time.Millisecond

// barWidth is the number of cells of the bar itself.
const barWidth = 20

// progress draws a one-line progress bar on a terminal:
//
//	[########............] 412/1000 files  1.2 MB  2.1 MB/s  ETA 0:03
//
// Each frame starts with "\r" and is padded to cover the previous one, so
// it needs no terminal escape sequences. A nil *progress draws nothing,
// which is what the caller has when stderr is not a terminal.
type progress struct {
	w          io.Writer
	now        func() time.Time
	total      int
	totalBytes int64

	start, last time.Time
	done        int
	doneBytes   int64
	shown       int  // width of the frame on screen; 0 if none
	broken      bool // a write failed: the bar is drawn no more
}

// newProgress returns a progress bar for total files of totalBytes bytes
// and draws its first frame.
func newProgress(w io.Writer, now func() time.Time, total int, totalBytes int64) *progress {
	p := &progress{w: w, now: now, total: total, totalBytes: totalBytes}
	p.start = now()
	p.draw(p.start)
	return p
}

// update counts one more file of size bytes and redraws the bar if the
// last frame is old enough (also when the bar was cleared for other
// output, so that a stream of diagnostics does not make it flicker).
func (p *progress) update(size int64) {
	if p == nil || p.broken {
		return
	}
	p.done++
	p.doneBytes += size
	if t := p.now(); t.Sub(p.last) >= redrawEvery {
		p.draw(t)
	}
}

// clear removes the bar from the screen, before other output or at the
// end.
func (p *progress) clear() {
	if p == nil || p.shown == 0 {
		return
	}
	p.write(fmt.Sprintf("\r%s\r", strings.Repeat(" ", p.shown)))
	p.shown = 0
}

// draw writes a frame for time t.
func (p *progress) draw(t time.Time) {
	frame := p.frame(t.Sub(p.start))
	pad := max(p.shown-len(frame), 0)
	p.last = t
	if p.write(fmt.Sprintf("\r%s%s", frame, strings.Repeat(" ", pad))) {
		p.shown = len(frame)
	}
}

// write writes a frame, or the blank that clears one. The run does not
// depend on the bar: if stderr fails, the bar stops, and the run goes on
// (its diagnostics fail the same way, but its files and report do not).
func (p *progress) write(s string) bool {
	if p.broken {
		return false
	}
	if _, err := io.WriteString(p.w, s); err != nil {
		p.broken = true
		return false
	}
	return true
}

// frame is the text of the bar after elapsed time.
func (p *progress) frame(elapsed time.Duration) string {
	frac := 1.0
	switch {
	case p.totalBytes > 0:
		frac = float64(p.doneBytes) / float64(p.totalBytes)
	case p.total > 0:
		frac = float64(p.done) / float64(p.total)
	}
	frac = min(max(frac, 0), 1)
	cells := int(frac * barWidth)
	bar := strings.Repeat("#", cells) + strings.Repeat(".", barWidth-cells)
	rate, eta := "-", "-:--"
	if secs := elapsed.Seconds(); secs > 0 && p.doneBytes > 0 {
		perSec := float64(p.doneBytes) / secs
		rate = humanBytes(int64(perSec)) + "/s"
		if frac > 0 {
			eta = clock(time.Duration(float64(elapsed) * (1 - frac) / frac))
		}
	}
	return fmt.Sprintf("[%s] %d/%d files  %s  %s  ETA %s",
		bar, p.done, p.total, humanBytes(p.doneBytes), rate, eta)
}

// clock formats a duration as m:ss, or h:mm:ss from an hour.
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
