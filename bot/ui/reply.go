package ui

import "github.com/bwmarrin/discordgo"

// A Reply is what a handler answers an interaction with; the router is the
// one place that sends it, so no handler can answer twice.
//
// A reply is private unless a constructor marked it Public: the router
// (see package bot) delivers a private reply only to a message that is
// ephemeral for the clicker, whatever a handler asked for.
type Reply struct {
	discordgo.InteractionResponse
	// Public marks an answer everyone in the channel may see: a lobby or
	// table message redrawn, a leaderboard. Nothing secret may be in it.
	Public bool
	// Later, when set, says the answer is not known yet and comes on this
	// channel soon (a draw waiting out the LARO! window): the transport
	// answers the interaction with it, deferring first if it is slow.
	Later <-chan *Reply
	// Bind, set by table code on a private reply to a click on its public
	// table message, asks the transport to acknowledge the click with
	// DEFERRED_UPDATE_MESSAGE (6), which leaves that message as it is and
	// makes it the original of the click's token, and to send the reply as
	// an ephemeral follow-up on that token: the player sees the same private
	// message. Bind is called once Discord has taken the callback, and the
	// table may then edit its message through the token.
	Bind func()
}

// AnswerLater is a reply that is not known yet: send the answer on the
// returned channel, once (it never blocks).
func AnswerLater() (r *Reply, answer chan<- *Reply) {
	ch := make(chan *Reply, 1)
	return &Reply{Later: ch}, ch
}

// EphemeralText answers with a message only the acting user sees.
func EphemeralText(text string) *Reply {
	return EphemeralMessage(text, nil, nil)
}

// EphemeralMessage answers with embeds and components only the user sees.
func EphemeralMessage(content string, embeds []*discordgo.MessageEmbed, comps []discordgo.MessageComponent) *Reply {
	return &Reply{InteractionResponse: discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content: content, Embeds: embeds, Components: comps, Flags: discordgo.MessageFlagsEphemeral,
		},
	}}
}

// PublicMessage answers with a message everyone in the channel sees.
func PublicMessage(content string, embeds []*discordgo.MessageEmbed) *Reply {
	return &Reply{Public: true, InteractionResponse: discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: content, Embeds: embeds},
	}}
}

// PublicUpdate replaces the public message the clicked component was on
// (a lobby, a table) with a rendering everyone may see.
func PublicUpdate(content string, embeds []*discordgo.MessageEmbed, comps []discordgo.MessageComponent) *Reply {
	r := PrivateUpdate(content, embeds, comps)
	r.Public = true
	return r
}

// PrivateUpdate replaces the clicker's own ephemeral message (their hand).
// Sent in answer to a click on a public message, the router turns it into
// a new ephemeral message instead.
func PrivateUpdate(content string, embeds []*discordgo.MessageEmbed, comps []discordgo.MessageComponent) *Reply {
	if comps == nil {
		// A nil slice would leave the old buttons in place; an empty one removes them.
		comps = []discordgo.MessageComponent{}
	}
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	return &Reply{InteractionResponse: discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: content, Embeds: embeds, Components: comps},
	}}
}

// WithPicture attaches a PNG to the reply's message and shows it as the
// image of its first embed (see Rendering.AttachPicture).
func (r *Reply) WithPicture(name string, png []byte) *Reply {
	if r.Data == nil {
		return r
	}
	rd := Rendering{Content: r.Data.Content, Embeds: r.Data.Embeds}.AttachPicture(name, png)
	r.Data.Embeds = rd.Embeds
	r.Data.Files = append(r.Data.Files, rd.DiscordFiles()...)
	return r
}
