package laro

import (
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/table"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// The LARO! window as the players see it: the table's line, with a
// countdown to the close, and the claim part of the hands. While a window
// is open, the hand of each player who could lay the discard (or win with
// it) says what it would make and carries a LARO! button of its own, so a
// player on a phone need not switch to the table message within the
// window. The hand is private, so this reveals nothing to others; the hands
// of players who could not lay the discard show neither line nor button,
// not even a disabled one. Both LARO! buttons are the same button (one
// custom_id, one handler, stamped by the click), and both still refuse a
// call that makes nothing, at no cost: the rules say so, and the hand now
// says when a call would make something, so guessing no longer pays.

// handClaim is a hand's part of an open LARO! window. A screen has one only
// for a person who could call on the discard, or whose call is in.
type handClaim struct {
	Card  rules.Card
	Best  rules.CallOption // what the call would make: the option the contest ranks it by
	In    bool             // the viewer's call is in, waiting for the contest
	Close string           // when the window closes, in words with a countdown
}

// countdown writes t as a Discord timestamp that every client renders in
// its reader's terms as a live relative time ("in 3 seconds"). Discord
// renders these in message content, embed descriptions and field values,
// but not in titles, field names or footers. The Unix second is rounded
// down, so the countdown errs on the early side of the close.
func countdown(t time.Time) string { return fmt.Sprintf("<t:%d:R>", t.Unix()) }

// windowClose says when w closes, for viewer (-1: the table), as of now.
// Until a draw or a call fixes the close, the window's minimum W is shown
// counting down; once W has passed, the window stays open until the next
// player draws (or a first call closes it a grace later), which the
// countdown cannot show, so the words say so (see redrawAtMinimum).
func (t *laroTable) windowClose(l lang.Lang, w *claimWindow, win rules.Window, viewer int, now time.Time) string {
	close, closed := w.close(win)
	switch {
	case closed:
		return l.T("laro.window.closes", "At", countdown(close))
	case now.Before(close):
		return l.T("laro.window.closes_earliest", "At", countdown(close))
	case viewer == t.game.Turn():
		return l.T("laro.window.open_until_you")
	}
	return l.T("laro.window.open_until", "Name", t.Seats[t.game.Turn()].Label())
}

// windowScreen fills in sc, seen by viewer (-1: the table), what the open
// window w shows: the table's line for the table; the viewer's waiting
// draw and claim part for a hand.
func (t *laroTable) windowScreen(sc *laroScreen, w *claimWindow, win rules.Window, viewer int, now time.Time) {
	l := sc.Lang
	card := cardText(sc.Emojis, w.card)
	if viewer < 0 {
		// The table's line: only the table shows it (a hand's screen is
		// drawn on every change, and its key built, so it goes without).
		if w.draw != nil {
			sc.Window = l.T("laro.window.draw_waits", "Card", card, "Close", t.windowClose(l, w, win, -1, now),
				"Name", t.Seats[w.draw.seat].Label())
		} else {
			sc.Window = l.T("laro.window.open", "Card", card, "Close", t.windowClose(l, w, win, -1, now))
		}
		if n := len(w.calls); n > 0 {
			sc.Window += " " + l.N("laro.window.calls_in", n)
		}
		return
	}
	if viewer >= len(t.Seats) || t.Seats[viewer].Computer {
		return
	}
	if w.draw != nil && w.draw.seat == viewer {
		sc.Waiting = l.T("laro.window.your_draw_waits", "Card", card)
	}
	for _, c := range w.calls {
		if c.seat == viewer {
			sc.Claim = &handClaim{Card: w.card, Best: c.best, In: true, Close: t.windowClose(l, w, win, viewer, now)}
			return
		}
	}
	if best, ok := t.game.BestCall(viewer); ok {
		sc.Claim = &handClaim{Card: w.card, Best: best, Close: t.windowClose(l, w, win, viewer, now)}
	}
}

// redrawAtMinimum redraws the table and the callers' hands when the
// window's minimum W runs out with its close still open-ended (no draw, no
// call in): their countdown would read "2 seconds ago" while calls are
// still taken. The table's redraw may wait for Discord's budget; the hands
// that change are those of the players who could call.
func (t *laroTable) redrawAtMinimum(w *claimWindow) {
	at := w.at.Add(t.windowRule().Min)
	if !time.Now().Before(at) {
		return // already past: the first drawing says so
	}
	t.Act.After(time.Until(at), func() {
		if t.window != w || !t.playing() {
			return
		}
		if _, closed := w.close(t.windowRule()); closed {
			return // a draw or a call redrew it with the close
		}
		t.Out.SetPublicLater(laroPublic(t.screen(-1)))
		table.RefreshHands(t, "")
	})
}

// claimLine is the hand's line on an open window: what the viewer's call
// would make and when the window closes, or that their call is in.
func (s laroScreen) claimLine() string {
	c, l := s.Claim, s.Lang
	switch {
	case c.In && c.Best.Win:
		return l.T("laro.claim.in_win", "Card", s.card(c.Card), "Close", c.Close)
	case c.In:
		return l.T("laro.claim.in_kind", "Card", s.card(c.Card), "Kind", kindName(l, c.Best.Kind), "Close", c.Close)
	case c.Best.Win:
		return l.T("laro.claim.can_win", "Card", s.card(c.Card), "Close", c.Close)
	}
	return l.T("laro.claim.can_lay", "Card", s.card(c.Card), "Kind", kindName(l, c.Best.Kind),
		"Pair", s.cards(c.Best.Pair[:]), "Close", c.Close)
}

// laroButton is the LARO! button, on the table and in a hand that could
// call: one custom_id for both, so a click on either takes the same path.
func (s laroScreen) laroButton() discordgo.Button {
	id := gameButton(s.TableID, verbLaro, s.GameNo).ID()
	return discordgo.Button{Label: "LARO!", Style: discordgo.DangerButton, CustomID: id, Emoji: &discordgo.ComponentEmoji{Name: "📣"}}
}

// claimButtons is the hand's LARO! button while the viewer could call and
// has not: none otherwise.
func (s laroScreen) claimButtons() []discordgo.MessageComponent {
	if s.Claim == nil || s.Claim.In || s.View.Phase == rules.PhaseOver {
		return nil
	}
	return []discordgo.MessageComponent{s.laroButton()}
}
