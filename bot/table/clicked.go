package table

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// A click on a public message (a lobby's Join or Start, a finished table's
// Play again) is answered by redrawing that message in the callback; the
// outbox also queues the redraw, in case Discord refuses the callback (see
// package outbox, clicked.go).

// EchoClicked queues, held until its callback's fate is known, the public
// redraw r gives the message in's click was on, if r is one: the callback
// then only shows it sooner. It runs on the table's goroutine, with the
// click's answer.
func (c *Core) EchoClicked(in *ui.Input, r *ui.Reply) {
	if r == nil || !r.Public || r.Data == nil || r.Type != discordgo.InteractionResponseUpdateMessage ||
		in.Linked() || in.OnEphemeral() || in.ClickedMessage() == "" {
		return
	}
	d := r.Data
	v := ui.Rendering{Content: d.Content, Embeds: d.Embeds, Components: d.Components}
	in.OnAnswered(c.Out.EchoClicked(in.ChannelID, in.ClickedMessage(), v, in.At))
}
