package table

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// Clicks on the table message that leave a token able to edit it (see
// package outbox, token.go). A public redraw of the clicked table message (a lobby's
// Join, a ready check's I'm in) is a type-7 callback already: its token is
// bound once Discord has shown it. A private answer to a click on the table
// message (a refusal, a note) becomes a type-6 callback and an ephemeral
// follow-up when the table has no token younger than boundRenewAfter: the
// player sees the same private message, one round trip later. Answers the
// table keeps editing (a hand, a LARO! call's outcome: Input.Linked) keep
// their own message as original and bind nothing, so that no edit meant
// for a hand can ever land on the public table.

// OfferToken arranges for in's token to be bound to the table message, if
// in is a click on it and its answer r allows. It runs on the table's
// goroutine, with the click's answer.
func (c *Core) OfferToken(in *ui.Input, r *ui.Reply) {
	msg := in.ClickedMessage()
	if r == nil || r.Data == nil || msg == "" || in.OnEphemeral() || in.Linked() {
		return
	}
	out := c.Out
	bind := func() { out.BindToken(msg, in.FollowupTo(), in.At) }
	switch {
	case r.Public && r.Type == discordgo.InteractionResponseUpdateMessage:
		in.OnAnswered(func(shown bool) {
			if shown {
				bind()
			}
		})
	case !r.Public && out.WantsToken(msg, in.At):
		r.Bind = bind
	}
}
