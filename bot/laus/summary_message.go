package laus

import (
	"context"
	"slices"

	"github.com/cardbot/cardbot/bot/table"
	rules "github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// A quiet channel: with threads off, a match adds three messages to the
// channel, its lobby, its table message and its summary message, however
// many rounds it lasts. The table message is edited in place from round to
// round; the summary message is posted when the first round ends and then
// edited in place to show the latest round's summary. Both stay short
// enough for a phone's screen, which one message holding both did not.
//
// The summary message is posted as an announcement (outbox.Outbox.Announce,
// and table.Env.PostAnnouncements after a restart): it is stored with the
// action that ended the round, in the same transaction, posted once, and
// marked posted with its message ID. That
// stored ID is how a restart finds the message again (summaryFromStore),
// so the rebuilt table edits it rather than posting another. Its later
// contents need no storing: each is drawn from the replayed match. A round
// that ends once the summary message is older than maxMessageAge gets a
// fresh one (Discord caps edits of old messages); the old one keeps showing
// its own round, which its title names. If someone deletes the summary
// message, the edit that finds it gone makes the table's next stored action
// post the summary again, in a fresh message (summaryGone).
//
// The body stored for a restart is the summary's text alone: a post made
// after a restart is edited at once to the full summary, picture included.

// summaryMessage is what the table knows of its match's summary message.
type summaryMessage struct {
	game    string // the match it belongs to; any other has none yet
	channel string // where it was posted (the channel, or the match's thread)
	id      string // "" until Discord has accepted the post
	posting bool   // its post is queued or stored: no second one is made
	annSeq  int64  // the action whose stored announcement is still to queue (0: none)
	shown   int    // the round it shows, or will once the queued post or edit lands
	lost    bool   // Discord said it is gone: the next action posts a fresh one
	drawn   roundSummary
}

// newSummaryMessage reports whether the round ending now posts a fresh
// summary message rather than editing the match's one: the first round of
// a match, or one whose summary message has grown too old to edit or is
// gone.
func (t *lausTable) newSummaryMessage() bool {
	if t.sum.game != t.GameID {
		return true
	}
	return !t.sum.posting && (t.sum.id == "" || snowflakeOld(t.sum.id))
}

// summaryAnnouncement is what an action stores to post: at the end of
// round rr (ended), a fresh summary message if the match needs one; at any
// other action, round rr's summary again if its message was found gone.
// nil: nothing to post.
func (t *lausTable) summaryAnnouncement(rr rules.RoundResult, ended bool) *store.Announcement {
	if !ended && !t.sum.lost || !t.newSummaryMessage() {
		return nil
	}
	text := lausSummary(t.Lang, t.ID, t.settings.MatchNo, t.Seats, rr, t.Env.Emojis.Now())
	if embedsText(text.Embeds) > maxEmbedsText {
		text = lausSummary(t.Lang, t.ID, t.settings.MatchNo, t.Seats, rr, nil)
	}
	return &store.Announcement{Body: table.EncodeMessage(text)}
}

// summaryStored notes, once the action ending a round is stored, that it
// stored a fresh summary message to post (seq: that action).
func (t *lausTable) summaryStored(seq int64) {
	t.sum = summaryMessage{game: t.GameID, posting: true, annSeq: seq, drawn: t.sum.drawn}
}

// showSummary brings the summary message up to the match's last finished
// round: it queues the post of a fresh message stored with the round's
// action, or an edit of the message the match already has. Nothing is
// queued while a post is on its way (summaryPosted edits it once it lands).
func (t *lausTable) showSummary() {
	rr, ok := t.match.LastRound()
	if !ok || t.sum.game != t.GameID {
		return
	}
	switch {
	case t.sum.annSeq != 0:
		r := t.summaryView(rr)
		game, seq, channel := t.GameID, t.sum.annSeq, t.Out.Channel()
		t.sum.annSeq, t.sum.shown = 0, rr.Round
		t.Out.Announce(r, func(id string) {
			t.Env.MarkAnnounced(game, seq, id)
			t.Act.Post(func() { t.summaryPosted(game, channel, id) })
		})
	case t.sum.id != "" && t.sum.shown != rr.Round:
		t.sum.shown = rr.Round
		// A refused edit is made good by the next round's, or by a
		// restart, which redraws the summary; a message gone for good is
		// replaced (summaryGone).
		game, id := t.GameID, t.sum.id
		t.Out.EditKept(t.sum.channel, id, t.summaryView(rr), func() {
			t.Act.Post(func() { t.summaryGone(game, id) })
		})
	}
}

// summaryGone runs on the table's goroutine when Discord has said that
// game's summary message id is gone (deleted, or too old to edit): the
// table's next stored action posts the last round's summary again, in a
// fresh message. (Posted without an action, it could not be found again
// after a restart.)
func (t *lausTable) summaryGone(game, id string) {
	if t.sum.game == game && t.sum.id == id {
		t.sum.id, t.sum.lost = "", true
	}
}

// summaryPosted runs on the table's goroutine once Discord has accepted the
// post of game's summary message id in channel; a round that ended
// meanwhile is shown in it at once.
func (t *lausTable) summaryPosted(game, channel, id string) {
	if t.sum.game != game {
		return // Play again has started another match meanwhile
	}
	t.sum.channel, t.sum.id, t.sum.posting = channel, id, false
	t.showSummary()
}

// summaryFromStore finds, after a restart, the summary message of the
// match being rebuilt: its latest stored announcement. If that one was
// posted, the rebuilt table edits it (shown stays 0, so the first
// showSummary redraws it: the last run may have stopped before its last
// edit). If it is still to post (Discord refused it at start), it is
// posted at the next start and no second one is made meanwhile.
func (t *lausTable) summaryFromStore(ctx context.Context) error {
	anns, err := t.Env.Store.Announcements(ctx, t.GameID)
	if err != nil {
		return err
	}
	for _, a := range slices.Backward(anns) {
		if a.RetireID != "" {
			continue // an older build's retired table message: see Retired
		}
		t.sum = summaryMessage{game: t.GameID, channel: a.Channel, id: a.MessageID, posting: !a.Posted()}
		return nil
	}
	return nil
}
