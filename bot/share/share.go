// Package share lets a player show the channel what they looked up
// privately: a scoreboard or a leaderboard answers only its asker, with a
// Share button that posts the same in the channel. A channel then gets a
// board only when someone chooses to show it.
//
// The button's custom_id ("v1/<module>/share/0/share/<what>") says which
// board; a click reads it afresh and posts it, so a Share pressed after a
// restart still works.
package share

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/outbox"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
)

// PrivateIn answers with r, seen only by the asker, and a Share button
// under it labelled in l (the asker's language); module is the command's
// name ("chips") and what the board's ("leaderboard").
func PrivateIn(l lang.Lang, module, what string, r ui.Rendering) *ui.Reply {
	id := Button{Module: module, Board: what}.ID()
	comps := append(r.Components[:len(r.Components):len(r.Components)], discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("share.button"), Style: discordgo.SecondaryButton, CustomID: id, Emoji: &discordgo.ComponentEmoji{Name: "📢"}},
	}})
	reply := ui.EphemeralMessage(r.Content, r.Embeds, comps)
	reply.Data.Files = r.DiscordFiles()
	return reply
}

// postTimeout bounds the post and the edit of a Share click, which waits
// in the global budget like any channel message: past it the click is
// answered with the failure rather than left to Discord's own time-out.
const postTimeout = 5 * time.Second

// Post answers a click on Share: it posts r in the channel, saying who
// shared it (in the server's language, as r should be), and turns the
// asker's private message into r without the button, so one look is
// shared once; the note on it is in the clicker's language.
func Post(ctx context.Context, env *table.Env, in *ui.Input, r ui.Rendering) *ui.Reply {
	ctx, cancel := context.WithTimeout(ctx, postTimeout)
	defer cancel()
	err := post(ctx, env, in, r)
	if outbox.PicturesRefused(err, r) {
		// No Attach Files here: the board's text says it all.
		r = outbox.WithoutPictures(r)
		err = post(ctx, env, in, r)
	}
	if err != nil {
		env.Log.Warn("sharing a board", "channel", in.ChannelID, "err", err)
		return ui.PrivateUpdate(in.Lang().T("share.failed"), r.Embeds, nil)
	}
	return ui.PrivateUpdate(in.Lang().T("share.done"), r.Embeds, nil)
}

func post(ctx context.Context, env *table.Env, in *ui.Input, r ui.Rendering) error {
	if err := env.Pace.Wait(ctx); err != nil {
		return err
	}
	_, err := env.Session.ChannelMessageSendComplex(in.ChannelID, &discordgo.MessageSend{
		Content: in.ServerLang.T("share.by", "User", in.UserID), Embeds: ui.RichEmbeds(r.Embeds), Files: r.DiscordFiles(),
		// Naming the sharer must not ping them, nor anyone on the board.
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}},
	}, discordgo.WithContext(ctx))
	return err
}
