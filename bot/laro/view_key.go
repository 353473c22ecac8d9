package laro

import (
	"github.com/cardbot/cardbot/bot/table"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// HandKey is a key of what seat's hand shows (see table.HandKeyer): the
// screen's parts that laroHand reads, each only while the hand shows it.
// Left out while hidden are what changes on others' moves but the waiting
// hand does not show: the deck's size and the turn's deadline (shown only
// to the player to move), the phase (a waiting hand says only whose turn
// it is) and the version the move buttons carry (a hand
// without move buttons carries none); the table's events, the pot, the
// other seats' hand sizes and laid clusters, never shown in a hand.
// TestHandKeyChangesWithEveryHand holds it to laroHand.
func (t *laroTable) HandKey(seat int) uint64 { return laroHandKey(t.screen(seat)) }

// laroHandKey is HandKey for the screen laroHand draws (see view.go: every
// field read there is written here).
func laroHandKey(s laroScreen) uint64 {
	v := s.View
	k := table.NewKeyHash()
	over := v.Phase == rules.PhaseOver
	k.String(s.TableID)
	k.Int(int64(s.GameNo))
	k.Int(int64(s.Lang))
	// A card set is published once, complete, and never changed after
	// (emojis.Set.publish): whether there is one says which it is.
	k.Bool(s.Emojis != nil)
	k.Seats(s.Seats)
	k.String(s.Note)
	k.String(s.Waiting)
	k.Int(int64(v.Seat))
	k.Int(int64(v.Seats))
	k.Int(int64(v.Turn))
	mine := v.MyTurn() // false once over
	// The phase shows only in the hand to move (what to do, and with which
	// buttons); a waiting hand shows only whether the game is over.
	if mine {
		k.Int(int64(v.Phase))
	} else {
		k.Bool(over)
	}
	k.Int(int64(v.Top))
	k.Int(int64(v.Drawn))
	cardsKey(k, v.Hand)
	if v.Seat >= 0 && v.Seat < len(v.Laid) {
		clustersKey(k, v.Laid[v.Seat])
	} else {
		k.Int(-1)
	}
	k.Bool(s.Claim != nil && !over)
	if c := s.Claim; c != nil && !over {
		k.Int(int64(c.Card))
		callKey(k, c.Best)
		k.Bool(c.In)
		k.String(c.Close)
	}
	k.Int(int64(len(s.Choice)))
	for _, o := range s.Choice {
		callKey(k, o)
	}
	if mine {
		k.Int(int64(v.DeckSize))
		k.Time(s.Deadline)
	}
	if len(s.Choice) > 0 || (mine && s.Waiting == "") {
		k.Int(int64(s.Version)) // stamped on the move buttons
	}
	if over {
		k.Int(int64(v.End))
		k.Int(int64(v.Winner))
		k.Int(int64(v.Points))
		k.Int(int64(v.Turns))
		clustersKey(k, v.WinClusters)
		k.Int(int64(len(s.Result)))
		for _, r := range s.Result {
			k.String(r)
		}
	}
	return k.Sum()
}

// callKey adds a call option.
func callKey(k *table.KeyHash, o rules.CallOption) {
	k.Int(int64(o.Pair[0]))
	k.Int(int64(o.Pair[1]))
	k.Int(int64(o.Kind))
	k.Bool(o.Win)
}

// clustersKey adds clusters of cards.
func clustersKey(k *table.KeyHash, cls [][]rules.Card) {
	k.Int(int64(len(cls)))
	for _, cl := range cls {
		cardsKey(k, cl)
	}
}

// cardsKey adds cards (a Card is a byte), with their count.
func cardsKey(k *table.KeyHash, cs []rules.Card) {
	k.Int(int64(len(cs)))
	for _, c := range cs {
		k.Byte(byte(c))
	}
}
