package laro

import (
	"fmt"
	"strings"

	rules "github.com/cardbot/cardbot/engine/laro"
)

// describe adds the public event line for an action; discarder is who
// discarded the card a LARO! call takes, to name the seats it jumped.
func (t *laroTable) describe(a rules.Action, discarder int) {
	who := t.Seats[a.ActionSeat()].Label()
	switch a := a.(type) {
	case rules.Draw:
		if a.FromDiscard {
			t.Event(who + " took the discard.")
		} else {
			t.Event(who + " drew from the deck.")
		}
	case rules.Discard:
		c := a.Card
		if top, ok := t.game.TopDiscard(); ok {
			c = top
		}
		t.Event(fmt.Sprintf("%s discarded **%s**.", who, c.Symbol()))
	case rules.DeclareWin:
		t.Event(who + " declared a win!")
	case rules.Call:
		laid := t.game.Laid(a.Seat)
		if a.Win || len(laid) == 0 {
			t.Event(fmt.Sprintf("📣 %s called LARO! and won!", who))
		} else {
			t.Event(fmt.Sprintf("📣 %s called LARO! and laid %s.", who, clusterText(laid[len(laid)-1])))
		}
		var jumped []string
		for j := (discarder + 1) % len(t.Seats); j != a.Seat; j = (j + 1) % len(t.Seats) {
			jumped = append(jumped, t.Seats[j].Label())
		}
		if len(jumped) > 0 && !t.game.Over() {
			t.Event(strings.Join(jumped, ", ") + " jumped.")
		}
	case rules.Forfeit:
		t.Event(who + " missed three turns in a row and left the game.")
	}
}

// afterChange moves the table on after a stored action: the game's end,
// the LARO! window on a fresh discard, timers, computer moves, messages.
//
// The redraws are left for right after the current job (Act.Later): the
// click that made the change is answered first, and the end picture alone
// takes milliseconds to draw.
