package bot

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/store"
)

// rebuildFailed is the closure recorded for a game whose table could not be rebuilt.
const rebuildFailed = "could not be rebuilt after a restart" // lang:keep — stored for the record, read by operators

// cancelUnrebuildable ends the game g, whose table could not be rebuilt after a restart
// (its log no longer replays, say), as a game nobody won: every player gets back what
// they put into its pot, every chip it held in escrow is released, and the game is
// cancelled (store.AbandonGame), so that nothing stays held for a table that will never
// run again. Its players are then told in the table's channel (or thread), where they
// last looked at it; see tellUnrebuildable. A game that had already ended (its table
// showing Play again) has nothing at stake: its table simply stays closed.
func (b *Bot) cancelUnrebuildable(ctx context.Context, g store.Game, cause error) {
	if g.Status.Closed() {
		b.log.Error("could not rebuild a table after its game; it stays closed", "table", g.TableID, "game", g.ID, "err", cause)
		return
	}
	// Only a game whose stored log is read back whole but does not replay is
	// cancelled: when the database cannot be read (or the start is being
	// cancelled), the next start may well rebuild the table.
	if _, _, err := b.opts.Store.LoadGame(ctx, g.ID); err != nil || ctx.Err() != nil {
		b.log.Error("could not rebuild a table; trying again at the next start", "table", g.TableID, "game", g.ID, "err", cause, "read_err", err)
		return
	}
	abandoned, err := b.opts.Store.AbandonGame(ctx, g.ID, store.Closure{Reason: rebuildFailed})
	if err != nil {
		b.log.Error("could not rebuild a table, nor cancel its game: its chips stay held until the next start",
			"table", g.TableID, "game", g.ID, "err", cause, "cancel_err", err)
		return
	}
	b.log.Error("could not rebuild a table: its game is cancelled and every chip its players put in is returned",
		"table", g.TableID, "game", g.ID, "err", cause)
	if abandoned {
		b.tellUnrebuildable(ctx, g)
	}
}

// tellUnrebuildable posts one short message where the game was played, naming its
// players (a mention, so that each is notified), and takes the buttons off the table
// message, which no table answers any more. Discord users expect to hear of a game's
// end where it was played rather than at their next command, which may be days later.
// Either call may fail (the channel is gone, Discord is down); the game is cancelled
// all the same, and the failure is logged.
func (b *Bot) tellUnrebuildable(ctx context.Context, g store.Game) {
	channel := g.Channel
	if th, err := b.opts.Store.GameThread(ctx, g.ID); err == nil {
		channel = th.ThreadID
	} else if !errors.Is(err, store.ErrNotFound) {
		b.log.Warn("finding the thread of a cancelled game", "game", g.ID, "err", err)
	}
	var users []string
	for _, s := range g.Seats {
		if s.User != "" && !slices.Contains(users, s.User) {
			users = append(users, s.User)
		}
	}
	if err := b.env.Pace.Wait(ctx); err != nil {
		return
	}
	if _, err := b.session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
		Content:         unrebuildableText(b.env.ServerLang(ctx, g.Guild), g, users),
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: users},
	}, discordgo.WithContext(ctx)); err != nil {
		b.log.Warn("telling the players of a table that could not be rebuilt", "table", g.TableID, "err", err)
	}
	if g.MessageID == "" {
		return
	}
	if err := b.env.Pace.Wait(ctx); err != nil {
		return
	}
	none := []discordgo.MessageComponent{}
	if _, err := b.session.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: g.MessageID, Channel: channel, Components: &none,
	}, discordgo.WithContext(ctx)); err != nil {
		b.log.Warn("taking the buttons off a table that could not be rebuilt", "table", g.TableID, "err", err)
	}
}

// unrebuildableText is the message that tells the players, in l (the
// server's: it is a channel message), worded as the one a moderator's close
// posts (table.CloseTableAsModerator), mentions last.
func unrebuildableText(l lang.Lang, g store.Game, users []string) string {
	name := g.Kind.String()
	if name != "" {
		name = strings.ToUpper(name[:1]) + name[1:]
	}
	var mentions []string
	for _, u := range users {
		mentions = append(mentions, "<@"+u+">")
	}
	return l.T("common.unrebuildable", "Game", name, "Table", g.TableID, "Mentions", strings.Join(mentions, " "))
}
