package laro

import (
	"fmt"

	rules "github.com/cardbot/cardbot/engine/laro"
)

// screen builds the view model for seat (-1: the public table).
func (t *laroTable) screen(viewer int) laroScreen {
	return t.screenOf(t.game, viewer, t.settings)
}

func (t *laroTable) screenOf(g *rules.Game, viewer int, settings laroSettings) laroScreen {
	seats := t.Seats
	if g.Over() && t.EndSeats != nil && g == t.game {
		seats = t.EndSeats
	}
	sc := laroScreen{
		TableID: t.ID, GameID: t.GameID, GameNo: settings.GameNo, Version: t.moves, Seats: seats, Settings: settings,
		Pot: t.pot, View: g.View(viewer), Events: t.Events, Deadline: t.Deadline, Result: t.result,
		Emojis: t.Env.Emojis.Now(), Revealed: revealedHands(g),
	}
	if w := t.window; w != nil && g == t.game {
		close, closed := w.close(rules.Window{Min: settings.claimWindow(), Grace: t.Env.Timing.ClaimGrace})
		switch {
		case w.draw != nil:
			sc.Window = fmt.Sprintf("LARO! window on **%s** closes <t:%d:T>; %s's draw waits for it.", sc.Emojis.LaroText(w.card), close.Unix(), t.Seats[w.draw.seat].Mention())
		case closed:
			sc.Window = fmt.Sprintf("LARO! can be called on **%s** until <t:%d:T>.", sc.Emojis.LaroText(w.card), close.Unix())
		default:
			sc.Window = fmt.Sprintf("LARO! can be called on **%s** (open until at least <t:%d:T>).", sc.Emojis.LaroText(w.card), close.Unix())
		}
		if len(w.calls) > 0 {
			sc.Window += fmt.Sprintf(" %d call(s) in.", len(w.calls))
		}
		if viewer >= 0 && w.draw != nil && w.draw.seat == viewer {
			sc.Waiting = fmt.Sprintf("⏳ Your draw waits for the LARO! window on %s to close; your card appears here then.", sc.Emojis.LaroText(w.card))
		}
	}
	if c := t.choice; c != nil && viewer >= 0 && g == t.game {
		if c.seat == viewer {
			sc.Choice = c.options
		} else {
			// The engine still has the drawer to move, but nobody may move
			// until the caller has laid: offer no buttons meanwhile.
			sc.Waiting = fmt.Sprintf("⏳ %s won the LARO! and is choosing which cluster to lay.", t.Seats[c.seat].Mention())
		}
	}
	if viewer >= 0 && viewer < len(t.notes) && g == t.game {
		sc.Note = t.notes[viewer]
	}
	return sc
}

// refresh redraws the table message and every open hand message except
// actor's (whose own click is answered directly).
func (t *laroTable) refresh(actor string) { t.refreshAll(false, actor) }

func (t *laroTable) refreshFresh(fresh bool, actor string) { t.refreshAll(fresh, actor) }

func (t *laroTable) refreshAll(fresh bool, actor string) {
	if t.game == nil {
		return
	}
	t.Out.SetPublic(laroPublic(t.screen(-1)), fresh)
	t.RefreshHands(actor)
}
