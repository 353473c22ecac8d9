package laro

import (
	"strings"

	rules "github.com/cardbot/cardbot/engine/laro"
)

// describe adds the public event line for an action; discarder is who
// discarded the card a LARO! call takes, to name the seats it jumped.
func (t *laroTable) describe(a rules.Action, discarder int) {
	who, l := t.Seats[a.ActionSeat()].Label(), t.Lang
	switch a := a.(type) {
	case rules.Draw:
		if a.FromDiscard {
			t.Event(l.T("laro.event.took_discard", "Name", who))
		} else {
			t.Event(l.T("laro.event.drew", "Name", who))
		}
	case rules.Discard:
		c := a.Card
		if top, ok := t.game.TopDiscard(); ok {
			c = top
		}
		t.Event(l.T("laro.event.discarded", "Name", who, "Card", c.Symbol()))
	case rules.DeclareWin:
		t.Event(l.T("laro.event.declared", "Name", who))
	case rules.Call:
		laid := t.game.Laid(a.Seat)
		if a.Win || len(laid) == 0 {
			t.Event(l.T("laro.event.called_won", "Name", who))
		} else {
			t.Event(l.T("laro.event.called_laid", "Name", who, "Cluster", clusterText(l, laid[len(laid)-1])))
		}
		var jumped []string
		for j := (discarder + 1) % len(t.Seats); j != a.Seat; j = (j + 1) % len(t.Seats) {
			jumped = append(jumped, t.Seats[j].Label())
		}
		if len(jumped) > 0 && !t.game.Over() {
			t.Event(l.T("laro.event.jumped", "Names", strings.Join(jumped, ", ")))
		}
	case rules.Forfeit:
		t.Event(l.T("laro.event.forfeit", "Name", who))
	}
}

// afterChange moves the table on after a stored action: the game's end,
// the LARO! window on a fresh discard, timers, computer moves, messages.
//
// The redraws are left for right after the current job (Act.Later): the
// click that made the change is answered first, and the end picture alone
// takes milliseconds to draw.
