package discordtest

import "github.com/bwmarrin/discordgo"

// Validate checks a message the way the fake (and Discord) checks one
// before accepting it: embed and component limits, custom_ids. Tests use it
// on renderings they build without sending, e.g. every step of a long
// replay.
func Validate(content string, embeds []*discordgo.MessageEmbed, comps []discordgo.MessageComponent) error {
	if e := validateMessage(&discordgo.Message{Content: content, Embeds: embeds, Components: comps}); e != nil {
		return e
	}
	return nil
}
