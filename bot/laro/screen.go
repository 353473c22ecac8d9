package laro

import (
	"time"

	"github.com/cardbot/cardbot/bot/table"
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
		Emojis: t.Env.Emojis.Now(), Revealed: revealedHands(g), Lang: t.Lang,
	}
	if viewer >= 0 && viewer < len(seats) {
		sc.Lang = t.ReaderLang(seats[viewer].UserID)
	}
	if t.antesBack {
		sc.Result = []string{sc.Lang.T("laro.end.antes_returned")}
	}
	if w := t.window; w != nil && g == t.game {
		win := rules.Window{Min: settings.claimWindow(), Grace: t.Env.Timing.ClaimGrace}
		t.windowScreen(&sc, w, win, viewer, time.Now())
	}
	if c := t.choice; c != nil && viewer >= 0 && g == t.game {
		if c.seat == viewer {
			sc.Choice = c.options
		} else {
			// The engine still has the drawer to move, but nobody may move
			// until the caller has laid: offer no buttons meanwhile.
			sc.Waiting = sc.Lang.T("laro.call.other_choosing", "Name", t.Seats[c.seat].Label())
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
	table.RefreshHands(t, actor, t.drawAnswering())
}
