package main

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardbot/cardbot/internal/screen"
)

// The measurements are made after the run, from what the players recorded:
// their clicks, with the time each was sent and the time its callback
// reached the fake, and every change they saw, stamped by the fake when it
// made it. Matching them afterwards keeps the players' loop free of
// bookkeeping and cannot miss a change that came before its click returned.

// series is the durations measured for one figure, and how many events
// found nothing to measure to.
type series struct {
	d      []time.Duration
	missed int
}

func (s *series) add(d time.Duration) { s.d = append(s.d, d) }

// record adds d if it was measured (ok), or counts a miss.
func (s *series) record(d time.Duration, ok bool) {
	if ok {
		s.add(d)
	} else {
		s.missed++
	}
}

// measured is everything the run's records yield.
type measured struct {
	firstReply, botAnswer, ownResult, drawn, handover, tableLag series
	// slowSent is when the clicks whose first reply took over
	// slowReplyOver were sent.
	slowSent []time.Time

	clicks      int            // clicks in the measured run
	setupClicks int            // clicks that opened the tables
	byKind      map[string]int // clicks in the measured run, by what they did
	refused     int            // clicks Discord's client would not have sent: the button had gone
	failed      int            // clicks that got no valid answer in time
	deferred    int            // clicks answered "thinking…" first
}

// measure matches the records of every table.
func measure(tables []*table) measured {
	m := measured{byKind: map[string]int{}}
	for _, t := range tables {
		t.mu.Lock()
		for _, p := range t.players {
			m.player(t, p)
		}
		for _, sc := range t.changes {
			m.change(t, sc)
		}
		t.mu.Unlock()
	}
	return m
}

func (m *measured) player(t *table, p *player) {
	for i, c := range p.clicks {
		if c.setup {
			m.setupClicks++
			continue
		}
		m.clicks++
		m.byKind[c.kind]++
		switch {
		case c.refused:
			m.refused++
			continue
		case c.failed:
			m.failed++
			continue
		}
		first := c.cb.Arrived.Sub(c.at)
		m.firstReply.add(first)
		if first > slowReplyOver {
			m.slowSent = append(m.slowSent, c.at)
		}
		m.botAnswer.add(c.cb.Latency)
		if deferredAnswer(c.cb.Type) {
			m.deferred++
		}
		// A Refresh or a reopened hand is the same person still waiting.
		var until time.Time
		for _, next := range p.clicks[i+1:] {
			if next.kind != "refresh" && next.kind != "hand" {
				until = next.at
				break
			}
		}
		at, ok := resultOf(t, p, c, until)
		m.ownResult.record(at.Sub(c.at), ok)
		if c.kind == "draw" {
			m.drawn.record(at.Sub(c.at), ok)
		}
	}
}

// resultOf finds when the clicker first saw the result of click c, before
// their next move (until; zero: none):
//
//   - a message the bot created in answer to c (a new hand, a LARO! call's
//     answer, a refusal), once it shows more than "thinking…";
//   - for a Laro draw, a hand offering discards: the drawn card has come,
//     also when the draw waited for a LARO! window;
//   - for a click on the table message (Join, Start, Play again), that
//     message changed;
//   - for a move on a hand, that hand changed and no longer shows the
//     button clicked; for Refresh, that hand changed.
func resultOf(t *table, p *player, c click, until time.Time) (time.Time, bool) {
	in := func(s seen) bool { return !s.at.Before(c.at) && (until.IsZero() || s.at.Before(until)) }
	first := func(log []seen, ok func(seen) bool) (time.Time, bool) {
		for _, s := range log {
			if in(s) && ok(s) {
				return s.at, true
			}
		}
		return time.Time{}, false
	}
	answer := func(s seen) bool { return s.interaction == c.interaction && !s.loading }
	var shown func(seen) bool
	switch {
	case c.kind == "draw":
		shown = func(s seen) bool { return hasVerb(s.ids, "discard") }
	case c.public && (c.kind == "join" || c.kind == "start" || c.kind == "again"):
		if at, ok := first(t.log, func(s seen) bool { return !s.created && s.msgID == c.msgID }); ok {
			if at2, ok := first(p.log, answer); ok && at2.Before(at) {
				return at2, true
			}
			return at, true
		}
	case c.kind == "refresh":
		shown = func(s seen) bool { return s.msgID == c.msgID }
	default:
		shown = func(s seen) bool { return s.msgID == c.msgID && !slices.Contains(s.ids, c.customID) }
	}
	return first(p.log, func(s seen) bool { return answer(s) || shown != nil && shown(s) })
}

// change measures one move that changed the table.
func (m *measured) change(t *table, sc stateChange) {
	if sc.handover {
		// The first other player whose hand offers a move drawn after this
		// one, before the mover moves again (when the mover also moves
		// next, as a Laus trick's winner leads, nobody else is measured).
		var until time.Time
		for _, c := range sc.by.clicks {
			if c.at.After(sc.clicked) {
				until = c.at
				break
			}
		}
		var best time.Time
		for _, p := range t.players {
			if p == sc.by {
				continue
			}
			for _, s := range p.log {
				if s.at.Before(sc.clicked) || !until.IsZero() && !s.at.Before(until) {
					continue
				}
				if moveAfter(s.ids, sc.version) {
					if best.IsZero() || s.at.Before(best) {
						best = s.at
					}
					break
				}
			}
		}
		m.handover.record(best.Sub(sc.clicked), !best.IsZero())
	}
	if sc.shows != "" {
		var lag time.Duration
		found := false
		for _, s := range t.log {
			if s.msgID == sc.table && !s.at.Before(sc.clicked) && strings.Contains(s.text, sc.shows) {
				// The table may show the move before the mover's own
				// answer arrives; that counts as no lag.
				lag, found = max(0, s.at.Sub(sc.acked)), true
				break
			}
		}
		m.tableLag.record(lag, found)
	}
}

// hasVerb reports whether a custom_id with verb is among ids.
func hasVerb(ids []string, verb string) bool {
	for _, id := range ids {
		if parts := strings.Split(id, "/"); len(parts) >= 5 && parts[4] == verb {
			return true
		}
	}
	return false
}

// moveAfter reports whether ids offer a move drawn for a state newer than
// version.
func moveAfter(ids []string, version int) bool {
	for _, id := range ids {
		parts := strings.Split(id, "/")
		if len(parts) < 5 || !screen.IsMove(parts[4]) {
			continue
		}
		if turn, err := strconv.Atoi(parts[3]); err == nil && turn > version {
			return true
		}
	}
	return false
}
