package webhook

import "github.com/bwmarrin/discordgo"

// OwnEmbeds returns copies of es for one call of discordgo's channel
// message endpoints, which mark every embed without a type as "rich" by
// writing to it. One rendering can be on its way twice at once (a click's
// late answer and the outbox's echo of it, bot/outbox/clicked.go), and two
// such writes to a shared embed are a data race; each call writing to its
// own copies is not. Only the embeds' top level is copied: nothing deeper
// is written; nil stays nil.
func OwnEmbeds(es []*discordgo.MessageEmbed) []*discordgo.MessageEmbed {
	if es == nil {
		return nil
	}
	own := make([]*discordgo.MessageEmbed, len(es))
	for i, e := range es {
		if e != nil {
			c := *e
			e = &c
		}
		own[i] = e
	}
	return own
}
