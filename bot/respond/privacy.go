package respond

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// Private content reaches only messages that are ephemeral for the person
// who clicked. Every answer the bot gives to an interaction, on time or
// late, passes through a responder's Now, Defer and Deliver, which enforce
// it with secure and deferral below for every handler, present and future:
//
//   - A reply is private unless it was built Public (a lobby redrawn, a
//     leaderboard). A private reply to a click on a public message becomes
//     a new ephemeral message; it never updates the public message.
//   - An interaction that table code kept to edit later (Input.LinkPrivately:
//     a hand message, a LARO! caller's answer) is never answered publicly,
//     so every later edit through its token lands on an ephemeral message.
//   - A slow click on a public message is deferred as a private "thinking…"
//     message; only a click on the clicker's own ephemeral message may be
//     deferred as an update of that message.
//
// Discord makes the first answer to an interaction its "original" message,
// which its token edits for 15 minutes: these rules make that message
// ephemeral for its user whenever anything private may be written to it.

// secure returns what may be sent in answer to interaction i: r itself, or
// a private copy of it. linked reports whether table code kept i.
func secure(i *discordgo.Interaction, linked bool, r *ui.Reply) *ui.Reply {
	if r == nil || r.Data == nil || (r.Public && !linked) {
		return r
	}
	data := *r.Data
	out := &ui.Reply{InteractionResponse: discordgo.InteractionResponse{Type: r.Type, Data: &data}}
	if r.Type == discordgo.InteractionResponseUpdateMessage && clickedEphemeral(i) {
		return out // the clicker's own ephemeral message
	}
	if r.Type == discordgo.InteractionResponseUpdateMessage {
		out.Type = discordgo.InteractionResponseChannelMessageWithSource
	}
	data.Flags |= discordgo.MessageFlagsEphemeral
	return out
}

// clickedEphemeral reports whether i is a click on a message only its
// user sees.
func clickedEphemeral(i *discordgo.Interaction) bool {
	return i.Type == discordgo.InteractionMessageComponent && i.Message != nil &&
		i.Message.Flags&discordgo.MessageFlagsEphemeral != 0
}

// deferral is the "thinking…" answer to a slow interaction: an update of
// the clicker's own ephemeral message, or else a new private message. A
// deferred update of a public message would make that public message the
// interaction's original, which later edits would write into.
func deferral(i *discordgo.Interaction) *ui.Reply {
	if clickedEphemeral(i) {
		return &ui.Reply{InteractionResponse: discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}}
	}
	return &ui.Reply{InteractionResponse: discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
	}}
}
