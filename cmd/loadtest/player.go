package main

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/internal/screen"
)

// stuckAfter is how long a player whose turn the table shows waits for
// their hand to offer a move before clicking Refresh, as a person would.
const stuckAfter = 10 * time.Second

// action is one click a player decided on.
type action struct {
	kind   string // what it is, for the report: "draw", "discard", "call", ...
	msg    *discordgo.Message
	b      screen.Button
	values []string // the choice of a select menu; nil for a button
	move   bool     // a move from the hand: its version is not played again
	// A move that changes the table message: shows is the text the table
	// message (of ID table) will show (empty: not measured), handover
	// whether the turn passes to another player.
	shows    string
	table    string
	handover bool
	// What the player remembers once they click: a nudge, so they do not
	// nudge again at once; the discard a LARO! call or a draw dealt with,
	// so they do not call on it afterwards.
	nudge  bool
	window string
}

// click is one interaction a player made, as measured.
type click struct {
	kind        string
	setup       bool      // made while opening the table, before the measured run
	at          time.Time // just before the click was sent
	msgID       string    // the clicked message
	customID    string
	public      bool // the clicked message is the table's, not the player's own
	interaction string
	cb          discordtest.Callback // zero without an answer; its Message is dropped
	refused     bool                 // Discord's client would not send it: the screen.Button was gone
	failed      bool                 // sent, but no valid answer in time
}

// play runs the player until ctx ends: whenever what they see offers
// something to do, they wait for the fleet's next click slot and do it.
func (p *player) play(ctx context.Context, pace *pacer) {
	for ctx.Err() == nil {
		p.t.mu.Lock()
		_, ok := p.nextLocked(time.Now())
		changed := p.t.changed
		p.t.mu.Unlock()
		if !ok {
			select {
			case <-changed:
			case <-time.After(time.Second): // a hand may have got stuck
			case <-ctx.Done():
				return
			}
			continue
		}
		if pace.wait(ctx) != nil {
			return
		}
		// The wait may have been long: decide again on what is shown now.
		p.t.mu.Lock()
		now := time.Now()
		a, ok := p.nextLocked(now)
		p.t.mu.Unlock()
		if ok {
			p.commit(a, now)
			p.do(a, false)
		}
	}
}

// nextLocked decides what the player does next from what they see, or
// reports false if nothing is to be done. It changes nothing: the player
// may think again before clicking (see commit). Callers hold t.mu.
func (p *player) nextLocked(now time.Time) (action, bool) {
	t := p.t
	current := newestLocked(t.order, t.public, func(m *discordgo.Message) bool {
		return withVerb("hand")(m) || withVerb("again")(m)
	})
	if current == nil {
		return action{}, false
	}
	if b, over := screen.Find(current, "again"); over {
		// The host asks for the next game; then everyone says they are in.
		if !p.host && !screen.AsksWhoIsIn(b) {
			return action{}, false
		}
		return p.nudge(now, current, "again")
	}
	hand := p.handLocked()
	if hand == nil {
		return p.nudge(now, current, "hand")
	}
	var a action
	var ok bool
	if t.game == "laro" {
		a, ok = p.laroMove(current, hand)
	} else {
		a, ok = p.lausMove(hand)
	}
	if ok {
		a.table = current.ID
		return a, true
	}
	if screen.MyTurn(current, p.u.Name()) && now.Sub(p.handChanged) > stuckAfter {
		if b, ok := screen.Find(hand, "refresh"); ok {
			return p.nudge(now, hand, b.Verb)
		}
		return p.nudge(now, current, "hand")
	}
	return action{}, false
}

// nudge clicks verb on m (opening a hand, refreshing one that seems stuck,
// starting the next game) unless the player did so less than stuckAfter
// ago: if it changed nothing, they try again then.
func (p *player) nudge(now time.Time, m *discordgo.Message, verb string) (action, bool) {
	b, ok := screen.Find(m, verb)
	if !ok || now.Sub(p.nudged) < stuckAfter {
		return action{}, false
	}
	return action{kind: verb, msg: m, b: b, nudge: true}, true
}

// commit remembers the action the player is about to take, so that they
// do not take it twice.
func (p *player) commit(a action, now time.Time) {
	if a.move {
		p.acted, p.actedOn = a.b.Turn, a.msg.Embeds[0].Title
	}
	if a.nudge {
		p.nudged = now
	}
	if a.window != "" {
		p.called[a.window] = true
		if a.kind == "call" {
			p.calling = a.window
		}
	}
	if a.kind == "look" || a.kind == "pass" {
		p.skats++
	}
}

// fresh reports whether hand offers a move the player has not made yet.
// Versions start again with each game, whose hand has a new title.
func (p *player) fresh(hand *discordgo.Message) bool {
	v := screen.MoveVersion(hand)
	if v < 0 {
		return false
	}
	return hand.Embeds[0].Title != p.actedOn || v > p.acted
}

// do makes the click and waits for its answer, recording both.
func (p *player) do(a action, setup bool) {
	c := click{kind: a.kind, setup: setup, msgID: a.msg.ID, customID: a.b.ID, public: a.msg.Flags&discordgo.MessageFlagsEphemeral == 0}
	c.at = time.Now()
	var r *discordtest.Response
	var err error
	if a.values != nil {
		r, err = p.u.Select(a.msg, a.b.ID, a.values)
	} else {
		r, err = p.u.Click(a.msg, a.b.ID)
	}
	if err != nil {
		c.refused = true
		p.clicks = append(p.clicks, c)
		return
	}
	c.interaction = r.ID()
	cb, err := r.Wait()
	c.cb, c.failed = cb, err != nil
	// The measures need only its times and type; keeping the rest grows the heap the GC scans.
	c.cb.Message, c.cb.Data = nil, nil
	p.clicks = append(p.clicks, c)
	if err == nil && !setup && (a.shows != "" || a.handover) {
		p.t.mu.Lock()
		p.t.changes = append(p.t.changes, stateChange{by: p, clicked: c.at, acked: cb.Arrived, version: a.b.Turn,
			shows: a.shows, table: a.table, handover: a.handover})
		p.t.mu.Unlock()
	}
}
