package bot

import "github.com/bwmarrin/discordgo"

// A Reply is what a handler answers an interaction with; the router is the
// one place that sends it, so no handler can answer twice.
type Reply = discordgo.InteractionResponse

// ephemeralText answers with a message only the acting user sees.
func ephemeralText(text string) *Reply {
	return &Reply{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: text, Flags: discordgo.MessageFlagsEphemeral},
	}
}

// ephemeralMessage answers with embeds and components only the user sees.
func ephemeralMessage(content string, embeds []*discordgo.MessageEmbed, comps []discordgo.MessageComponent) *Reply {
	return &Reply{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content: content, Embeds: embeds, Components: comps, Flags: discordgo.MessageFlagsEphemeral,
		},
	}
}

// publicMessage answers with a message everyone in the channel sees.
func publicMessage(content string, embeds []*discordgo.MessageEmbed) *Reply {
	return &Reply{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: content, Embeds: embeds},
	}
}

// updateMessage replaces the message the clicked component was on.
func updateMessage(content string, embeds []*discordgo.MessageEmbed, comps []discordgo.MessageComponent) *Reply {
	if comps == nil {
		// A nil slice would leave the old buttons in place; an empty one removes them.
		comps = []discordgo.MessageComponent{}
	}
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	return &Reply{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: content, Embeds: embeds, Components: comps},
	}
}

// deferUpdate acknowledges a click without changing its message yet; the
// message is edited later through the interaction's token.
func deferUpdate() *Reply {
	return &Reply{Type: discordgo.InteractionResponseDeferredMessageUpdate}
}
