package table

import (
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// A hand click's answer may never be shown: Discord refuses a callback
// past its 3 s (a click replayed after a gateway outage), and the player
// sees "This interaction failed" although the table may have stored their
// move. The click's token then edits nothing, so it becomes the hand's
// token only once the router reports the answer shown (ui.Input.OnAnswered);
// until then, and if it never is, the table goes on editing the hand
// message through the token it had, and redraws it to what was stored.

// AnswerHand answers a click with the clicker's hand view v. A click on
// the public table (fromTable), or a forged one on any message others can
// see, gets a new private message: a hand never replaces a message anyone
// else sees. Its token is stored before the answer goes, so that after a
// restart (even a crash) the table updates this message, not the one
// before it; it is linked in memory once the answer is shown (settleHand).
func AnswerHand(t Table, in *ui.Input, v ui.Rendering, fromTable bool) *ui.Reply {
	return answerHand(t, in, v, fromTable, v.Fingerprint(), 0)
}

// answerHand is AnswerHand for a view v that counts as showing the
// rendering with fingerprint shown: v's without its note, for a note that
// should stay until the hand changes (see AnswerStart). key is the hand's
// key (HandKeyer) for what it shows, with the note's if it counts (see
// noteKey), or 0 if not known.
func answerHand(t Table, in *ui.Input, v ui.Rendering, fromTable bool, shown, key uint64) *ui.Reply {
	c := t.TableCore()
	fresh := fromTable || !in.OnEphemeral()
	a := handAnswer{user: in.UserID, i: in.LinkPrivately(), at: in.At, shown: shown, key: key, fresh: fresh, game: c.GameID, seq: c.Seq}
	a.origin = a.i.ID
	var older <-chan struct{} // an older edit of the clicked hand message on its way, if any
	if !fresh {
		a.origin = in.ClickedMessageOrigin()
		if older = c.Out.EphemeralIdle(handSlot(a.user)); older != nil {
			a.overtaken = new(atomic.Bool)
		}
	}
	if fresh && ownInteraction(a.user, a.i) {
		c.saveHand(a.user, a.i, a.at)
	}
	if _, had := c.hands[a.user]; !had && ownInteraction(a.user, a.i) {
		// No token to go on with meanwhile: this one serves at once, so a
		// change before the router reports (the table closing, say) still
		// reaches the player; settleHand takes it back if it was refused.
		c.hands[a.user] = handToken{i: tokenOnly(a.i), at: a.at, shown: a.shown, key: a.key, origin: a.origin}
	}
	if c.asked == nil {
		c.asked = map[string]time.Time{}
	}
	if a.at.After(c.asked[a.user]) {
		c.asked[a.user] = a.at
	}
	act := c.Act // read here: the hook runs off the table's goroutine
	in.OnAnswered(func(ok bool) { act.Post(func() { settleHand(t, a, ok) }) })
	if fresh {
		return ui.EphemeralMessage("", v.Embeds, v.Components)
	}
	r := ui.PrivateUpdate("", v.Embeds, v.Components)
	if older != nil {
		return after(older, r, a.overtaken)
	}
	return r
}

// olderEditWait bounds how long a hand click's answer waits for an older
// edit of the same message to reach Discord (one round trip, or a few
// for an edit that Discord failed and the outbox sends again): past it,
// the answer goes, and settleHand draws the hand once more behind the
// older edit.
const olderEditWait = time.Second

// after returns r once older is closed, or olderEditWait has passed (then
// it sets overtaken): an answer sent while an older edit of its message is
// on its way could reach Discord first and be covered by it, and the
// player would see their hand turn back (the older edits a restart sends
// to every open hand, say). The router defers a click whose answer is
// slow, as for any handler.
func after(older <-chan struct{}, r *ui.Reply, overtaken *atomic.Bool) *ui.Reply {
	later, answer := ui.AnswerLater()
	go func() {
		t := time.NewTimer(olderEditWait)
		defer t.Stop()
		select {
		case <-older:
		case <-t.C:
			overtaken.Store(true)
		}
		answer <- r
	}()
	return later
}

// handAnswer is an answer to a hand click whose fate Discord has not told
// yet: user's interaction i, made at at, whose message (a new one if
// fresh; created by interaction origin) the answer makes show the rendering
// with fingerprint shown (and key, see handToken), as the table stood at
// stored action seq of game.
type handAnswer struct {
	user   string
	i      *discordgo.Interaction
	at     time.Time
	shown  uint64
	key    uint64
	fresh  bool
	origin string
	game   string
	seq    int64
	// overtaken, set for an answer on the hand message itself, says that
	// an older edit of the message was still on its way when the answer
	// went (see after): it may land after the answer and show the older
	// hand.
	overtaken *atomic.Bool
}

// settleHand runs once the router knows whether Discord showed answer a
// (ok).
//
// Shown, a's token becomes the hand's, unless a later click's already is
// (a click on the hand message's token is queued to the store, see
// keepHand). If the table has moved on since the answer was made, and no
// later click of the player's has been answered since, the change went to
// the old token: on the same message it was sent after the answer, so the
// message shows it, and the new token takes over what the old one showed
// (sending it again could land after the player's next click's answer and
// turn their hand back); an answer that made a new message is redrawn.
//
// Refused, the hand is redrawn through the token it had, and for a new
// message that token goes back to the store in place of the refused one,
// unless a later click's has been stored since (a player with no earlier
// hand message keeps the refused token stored: after a restart, its edits
// fail as harmlessly as they would now). Either way every hand message
// converges to what was stored.
func settleHand(t Table, a handAnswer, ok bool) {
	c := t.TableCore()
	s := SeatIndex(c.Seats, a.user)
	old, had := c.hands[a.user]
	switch {
	case !ok && had && old.i.Token == a.i.Token:
		delete(c.hands, a.user) // the token served at once; nothing to fall back on
		return
	case !ok:
		if had && a.fresh && !c.asked[a.user].After(a.at) {
			c.Env.Store.QueueHandToken(c.GameID, handRecord(a.user, old.i, old.at))
		}
		if s >= 0 {
			refreshHand(t, a.user, s)
		}
		return
	case had && old.at.After(a.at):
		return // a later click's token is linked already
	case a.fresh:
		if !c.linkHand(a.user, a.i, a.at, a.origin) {
			return
		}
	default:
		c.keepHand(a.user, a.i, a.at, a.origin)
	}
	h, linked := c.hands[a.user]
	if a.overtaken != nil && a.overtaken.Load() && linked && s >= 0 {
		// Which of the answer and the older edit Discord applied last is
		// not known: draw the hand again, behind that edit (the outbox
		// sends one message's edits in turn), so the newest lands last.
		h.shown, h.key = 0, 0
		c.hands[a.user] = h
		refreshHand(t, a.user, s)
		return
	}
	if !linked || h.i.Token != a.i.Token {
		return
	}
	changed := (c.GameID != a.game || c.Seq != a.seq) && !c.asked[a.user].After(a.at)
	sameMessage := had && a.origin != "" && old.origin == a.origin
	h.shown, h.key = a.shown, a.key
	if changed && sameMessage {
		h.shown, h.key = old.shown, old.key
	}
	c.hands[a.user] = h
	if changed && !sameMessage && s >= 0 {
		refreshHand(t, a.user, s)
	}
}
