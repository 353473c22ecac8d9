package ui

import "github.com/bwmarrin/discordgo"

// A Rendering is what one message should show.
type Rendering struct {
	Content    string
	Embeds     []*discordgo.MessageEmbed
	Components []discordgo.MessageComponent
}

// WithoutButtons drops a rendering's components (a closed table).
func (r Rendering) WithoutButtons() Rendering {
	r.Components = []discordgo.MessageComponent{}
	return r
}

// OrEmpty turns nil embeds and components into empty lists: in an edit,
// nil keeps the old ones and an empty list removes them.
func OrEmpty(e []*discordgo.MessageEmbed, c []discordgo.MessageComponent) ([]*discordgo.MessageEmbed, []discordgo.MessageComponent) {
	if e == nil {
		e = []*discordgo.MessageEmbed{}
	}
	if c == nil {
		c = []discordgo.MessageComponent{}
	}
	return e, c
}

// MsgSomethingWrong is what a user sees when the bot itself failed.
const MsgSomethingWrong = "Something went wrong on our side, and nothing was changed. Please try again."

// ChunkRows packs buttons into action rows of at most five.
func ChunkRows(buttons []discordgo.MessageComponent) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for len(buttons) > 0 {
		n := min(5, len(buttons))
		rows = append(rows, discordgo.ActionsRow{Components: buttons[:n]})
		buttons = buttons[n:]
	}
	return rows
}
