package laro

import (
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// claimWindow is the LARO! window on one discard: calls and the next
// player's draw gather here, stamped with their snowflake times, until the
// contest is settled.
type claimWindow struct {
	card      rules.Card
	discarder int
	at        time.Time // D: when the card was discarded
	calls     []laroCall
	draw      *pendingDraw
	stop      func() bool
	settleAt  time.Time
}

// laroCall is one LARO! call waiting for the contest.
type laroCall struct {
	seat int
	at   time.Time
	best rules.CallOption
	i    *discordgo.Interaction // the call's own answer message; nil for a computer seat or a call from the hand
	hand bool                   // made from the caller's hand, which shows the outcome
}

// pendingDraw is a draw pressed while the window is open; it takes effect
// at the settlement, unless a call beats it.
type pendingDraw struct {
	seat        int
	at          time.Time
	fromDiscard bool
	auto        bool // played for a player whose turn timed out

	// in and answer, when set, are the click still waiting for its answer:
	// the drawer's hand as the settlement leaves it (see requestDraw).
	in     *ui.Input
	answer chan<- *ui.Reply
}

// answered sends the drawer's waiting click its answer, the hand as it is
// now, if the click waits for one.
func (t *laroTable) answered(d *pendingDraw) {
	if d != nil && d.answer != nil {
		d.answer <- table.HandReply(t, d.in, d.seat, "")
		d.answer = nil
	}
}

// laroChoice is a won call waiting for its caller to pick the cluster.
type laroChoice struct {
	seat    int
	at      time.Time
	options []rules.CallOption
	stop    func() bool
}

// close is when the window closes by the engine's rule (rules.Window.CloseAt):
// max(D+W, min(N, S+G)) with a pending draw at N and the first call at S.
// closed is false while neither is in; close is then the earliest the
// window can close.
func (w *claimWindow) close(win rules.Window) (close time.Time, closed bool) {
	return w.closeWith(win, time.Time{})
}

// closeWith is close as it would be with one more call, stamped callAt,
// among the window's calls.
func (w *claimWindow) closeWith(win rules.Window, callAt time.Time) (close time.Time, closed bool) {
	first := callAt
	for _, c := range w.calls {
		if first.IsZero() || c.at.Before(first) {
			first = c.at
		}
	}
	var drawAt time.Time
	if w.draw != nil {
		drawAt = w.draw.at
	}
	return win.CloseAt(w.at, drawAt, first)
}

// windowRule is the table's claim window: its minimum and the bot's grace.
func (t *laroTable) windowRule() rules.Window {
	return rules.Window{Min: t.settings.claimWindow(), Grace: t.Env.Timing.ClaimGrace}
}

// call handles a LARO! button: the table's, or the same button in the
// caller's hand (see hand_claim.go). Both are judged alike, by the click's
// snowflake stamp; they differ only in where the answer shows. A click on
// the table is answered with a message of its own, later edited with the
// contest's outcome; a click in the hand is answered in the hand, which
// shows the call is in and then the outcome.
func (t *laroTable) call(in *ui.Input) *ui.Reply {
	s, r := t.MySeat(in)
	if r != nil {
		return r
	}
	fromHand := in.OnEphemeral()
	l := in.Lang()
	refuse := func(why string) *ui.Reply {
		if fromHand {
			return table.HandReply(t, in, s, why)
		}
		return ui.EphemeralText(why)
	}
	if !t.playing() {
		return refuse(l.T("laro.move.game_over"))
	}
	w := t.window
	if w == nil {
		return refuse(l.T("laro.call.no_discard"))
	}
	if in.At.Before(w.at) {
		return refuse(l.T("laro.call.earlier_discard"))
	}
	if s == w.discarder {
		return refuse(l.T("laro.call.own_discard"))
	}
	for _, c := range w.calls {
		if c.seat == s {
			return refuse(l.T("laro.call.already_in"))
		}
	}
	best, ok := t.game.BestCall(s)
	if !ok {
		return refuse(l.T("laro.call.no_cluster", "Card", w.card.Symbol()))
	}
	// Once a draw or a call is in, the close is known: a call stamped after
	// it is too late.
	if close, closed := w.closeWith(t.windowRule(), in.At); closed && in.At.After(close) {
		return refuse(l.T("laro.call.closed", "Card", w.card.Symbol()))
	}
	if err := t.record(callIntent(s), in.At); err != nil {
		return refuse(moveRefusal(l, err))
	}
	c := laroCall{seat: s, at: in.At, best: best, hand: fromHand}
	if !fromHand {
		c.i = in.LinkPrivately()
	}
	w.calls = append(w.calls, c)
	t.scheduleSettle()
	if fromHand {
		t.refresh(in.UserID)
		return table.HandReply(t, in, s, "")
	}
	t.refresh("")
	if best.Win {
		return ui.EphemeralText(l.T("laro.call.in_win", "Card", w.card.Symbol()))
	}
	return ui.EphemeralText(l.T("laro.call.in_kind", "Card", w.card.Symbol(), "Kind", kindName(l, best.Kind)))
}

// computerCall registers a computer seat's LARO!, stamped D + its reaction time.
func (t *laroTable) computerCall(w *claimWindow, s int, best rules.CallOption, at time.Time) {
	if t.window != w || !t.playing() {
		return
	}
	if close, closed := w.closeWith(t.windowRule(), at); closed && at.After(close) {
		return
	}
	w.calls = append(w.calls, laroCall{seat: s, at: at, best: best})
	t.scheduleSettle()
	t.refresh("")
}

// scheduleSettle (re)arms the settlement a grace after the window's
// current close. A draw or an earlier-stamped call can bring the close
// forward, so the settlement moves either way.
func (t *laroTable) scheduleSettle() {
	w := t.window
	win := t.windowRule()
	close, closed := w.close(win)
	if !closed {
		return
	}
	at := win.SettleAt(close)
	if w.stop != nil {
		if at.Equal(w.settleAt) {
			return
		}
		w.stop()
	}
	w.settleAt = at
	w.stop = t.Act.After(time.Until(at), func() {
		if t.window == w {
			t.settle()
		}
	})
}

// settle ends the window: the contest is decided (rules.Contest) at the
// window's close, a winning call is laid (the pending draw cancelled), or
// else the draw happens.
func (t *laroTable) settle() {
	w := t.window
	t.window = nil
	close, _ := w.close(t.windowRule())
	claims := make([]rules.Claim, len(w.calls))
	for i, c := range w.calls {
		claims[i] = c.best.Claim(c.seat, c.at)
	}
	winner, ok, tooLate := rules.Contest(w.discarder, len(t.Seats), claims, close)
	late := map[int]bool{}
	for _, s := range tooLate {
		late[s] = true
	}
	for _, c := range w.calls {
		switch {
		case (c.i == nil && !c.hand) || (ok && c.seat == winner):
		case late[c.seat]:
			t.tellCaller(c, t.seatLang(c.seat).T("laro.call.late", "Card", w.card.Symbol()))
		default:
			l := t.seatLang(c.seat)
			t.tellCaller(c, l.T("laro.call.lost", "Name", t.Seats[winner].Label(), "Card", w.card.Symbol(), "Why", contestReason(l, w, winner, c)))
		}
	}
	if !ok {
		if d := w.draw; d != nil {
			if err := t.apply(rules.Draw{Seat: d.seat, FromDiscard: d.fromDiscard}, d.at, userOf(d.in)); err != nil {
				t.Env.Log.Warn("pending draw failed", "table", t.ID, "err", err)
			}
			t.answered(d)
		}
		t.refresh("")
		return
	}
	var wc laroCall
	for _, c := range w.calls {
		if c.seat == winner {
			wc = c
		}
	}
	if d := w.draw; d != nil {
		t.drawCancelled(d.seat, winner, w.card)
		defer t.answered(d)
	}
	opts := t.game.CallOptions(winner)
	if (wc.i != nil || wc.hand) && !opts[0].Win && len(opts) > 1 {
		// A person picks which cluster to lay; their call message turns into
		// their hand with one button per option (a call from the hand was
		// made on their hand already).
		t.choice = &laroChoice{seat: winner, at: wc.at, options: opts}
		if wc.i != nil {
			t.AdoptHand(t.Seats[winner].UserID, wc.i, wc.at)
		}
		t.choice.stop = t.Act.After(t.turnTimer(), func() {
			if c := t.choice; c != nil && c.seat == winner {
				t.choice = nil
				t.layCall(winner, c.options[0], c.at, "")
			}
		})
		t.Event(t.Lang.T("laro.event.choosing", "Name", t.Seats[winner].Label(), "Card", w.card.Symbol()))
		t.refresh("")
		return
	}
	if wc.i != nil {
		t.AdoptHand(t.Seats[winner].UserID, wc.i, wc.at)
	}
	t.layCall(winner, opts[0], wc.at, "")
	t.refresh("")
}

// drawCancelled tells the drawer why their waiting draw never happened:
// winner's LARO! took card. The note stays on their hand until they act or
// their turn comes (see moved), so the caller's moves do not wipe it.
func (t *laroTable) drawCancelled(drawer, winner int, card rules.Card) {
	if drawer < 0 || drawer >= len(t.Seats) || drawer == winner || t.Seats[drawer].Computer {
		return
	}
	t.notes[drawer] = t.seatLang(drawer).T("laro.call.draw_cancelled", "Name", t.Seats[winner].Label(), "Card", card.Symbol())
}

// moved keeps the seats' notes current after action a: a note lasts until
// its seat acts or its turn comes.
func (t *laroTable) moved(a rules.Action) {
	t.notes[a.ActionSeat()] = ""
	if t.playing() {
		t.notes[t.game.Turn()] = ""
	}
}

// contestReason explains to a losing caller why the winner's call won.
func contestReason(l lang.Lang, w *claimWindow, winner int, loser laroCall) string {
	var best laroCall
	for _, c := range w.calls {
		if c.seat == winner {
			best = c
		}
	}
	switch {
	case best.best.Win:
		return l.T("laro.call.why_win")
	case best.best.Kind != loser.best.Kind:
		return l.T("laro.call.why_kind", "Theirs", kindName(l, best.best.Kind), "Yours", kindName(l, loser.best.Kind))
	}
	return l.T("laro.call.why_order")
}

// tellCaller tells a person who called LARO! the contest's outcome: in
// their call's answer, or, for a call from the hand, on top of their hand
// until they act or their turn comes (see moved).
func (t *laroTable) tellCaller(c laroCall, text string) {
	if c.i == nil {
		t.notes[c.seat] = text
		return
	}
	t.Out.SetEphemeral("call:"+c.i.ID, c.i, ui.Rendering{Content: text})
}

// layCall applies a won call with the chosen option.
func (t *laroTable) layCall(s int, o rules.CallOption, at time.Time, user string) error {
	return t.apply(o.Action(s), at, user)
}

// lay handles the choice buttons of a caller who won with several options.
func (t *laroTable) lay(in *ui.Input, s, option int) *ui.Reply {
	c := t.choice
	if c == nil || c.seat != s {
		return table.HandReply(t, in, s, in.Lang().T("laro.call.nothing_to_choose"))
	}
	if option >= len(c.options) {
		return ui.EphemeralText(in.Lang().T("laro.move.not_this_table"))
	}
	c.stop()
	t.choice = nil
	if err := t.layCall(s, c.options[option], c.at, in.UserID); err != nil {
		return table.HandReply(t, in, s, "⚠️ "+moveRefusal(in.Lang(), err))
	}
	return table.HandReply(t, in, s, "")
}

// openWindow starts the LARO! window on a card discarded at D (the
// discard's snowflake time) and lets each computer seat decide whether it
// calls, stamped D + its reaction time.
func (t *laroTable) openWindow(card rules.Card, discarder int, d time.Time) {
	w := &claimWindow{card: card, discarder: discarder, at: d}
	t.window = w
	t.redrawAtMinimum(w)
	for s, st := range t.Seats {
		if !st.Computer || s == discarder || t.game.Forfeited(s) {
			continue
		}
		if _, best, ok := rules.ChooseCall(rules.Computer{}, t.game.View(s)); ok {
			at := d.Add(t.Env.Timing.ComputerCall)
			t.Act.After(time.Until(at), func() { t.computerCall(w, s, best, at) })
		}
	}
}
