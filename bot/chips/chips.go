package chips

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/share"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// leaderboardSize is how many players /chips leaderboard lists.
const leaderboardSize = 10

// maxGrant is the most chips /chips grant gives or takes at once.
const maxGrant = 1_000_000

// Chips is the /chips command: balances, the daily bonus, the leaderboard
// and grants, per server.
type Chips struct{ env *table.Env }

// New makes the chips commands on the shared environment (they use its
// store and log, and run no tables).
func New(env *table.Env) ui.Module { return &Chips{env: env} }

// Command is the /chips slash command.
func (c *Chips) Command() *discordgo.ApplicationCommand {
	lo := float64(-maxGrant)
	return ui.GuildCommand("chips",
		ui.Subcommand("balance", ui.UserOption("player", false)),
		ui.Subcommand("daily"),
		ui.Subcommand("leaderboard"),
		ui.Subcommand("grant",
			ui.UserOption("player", true),
			&discordgo.ApplicationCommandOption{
				Type: discordgo.ApplicationCommandOptionInteger, Name: "amount", Required: true,
				MinValue: &lo, MaxValue: maxGrant,
			},
		),
	)
}

// HandleCommand answers every /chips subcommand.
func (c *Chips) HandleCommand(ctx context.Context, in *ui.Input) *ui.Reply {
	switch in.Subcommand {
	case "balance":
		return c.balance(ctx, in)
	case "daily":
		return c.daily(ctx, in)
	case "leaderboard":
		return c.leaderboard(ctx, in)
	case "grant":
		return c.grant(ctx, in)
	}
	return ui.EphemeralText(in.Lang().T("common.unknown_command"))
}

func (c *Chips) balance(ctx context.Context, in *ui.Input) *ui.Reply {
	who := in.Options.User("player")
	if who == "" {
		who = in.UserID
	}
	l := in.Lang()
	bal, err := c.env.Store.Balance(ctx, in.GuildID, who)
	if err != nil {
		c.env.Log.Error("reading a balance", "err", err)
		return ui.EphemeralText(ui.SomethingWrong(l))
	}
	text := l.T("chips.you_have", "N", bal.Total)
	if who != in.UserID {
		text = l.T("chips.has", "User", who, "N", bal.Total)
	}
	if bal.Held > 0 {
		text += l.T("chips.held", "Held", bal.Held, "Free", bal.Free)
	}
	return ui.EphemeralText(text + ".")
}

func (c *Chips) daily(ctx context.Context, in *ui.Input) *ui.Reply {
	l := in.Lang()
	bal, err := c.env.Store.ClaimDaily(ctx, in.GuildID, in.UserID)
	if next, ok := store.NextDaily(err); ok {
		return ui.EphemeralText(l.T("chips.daily_taken", "At", next.Unix()))
	}
	if err != nil {
		c.env.Log.Error("daily bonus", "err", err)
		return ui.EphemeralText(ui.SomethingWrong(l))
	}
	return ui.EphemeralText(l.T("chips.daily", "N", bal.Total))
}

// leaderboard answers /chips leaderboard privately, in the asker's
// language, with a Share button that posts it in the channel.
func (c *Chips) leaderboard(ctx context.Context, in *ui.Input) *ui.Reply {
	board, r := c.board(ctx, in, in.Lang())
	if r != nil {
		return r
	}
	return share.PrivateIn(in.Lang(), "chips", "leaderboard", board)
}

// board renders the server's leaderboard as it is now, in l, or a reply
// (in the clicker's language) saying why there is none.
func (c *Chips) board(ctx context.Context, in *ui.Input, l lang.Lang) (ui.Rendering, *ui.Reply) {
	rows, err := c.env.Store.Leaderboard(ctx, in.GuildID, leaderboardSize)
	if err != nil {
		c.env.Log.Error("leaderboard", "err", err)
		return ui.Rendering{}, ui.EphemeralText(ui.SomethingWrong(in.Lang()))
	}
	if len(rows) == 0 {
		return ui.Rendering{}, ui.EphemeralText(in.Lang().T("chips.nobody", "Cmd", ui.Cmd(in.Lang(), "chips daily")))
	}
	users := make([]string, len(rows))
	for i, r := range rows {
		users[i] = r.User
	}
	// People are named as they sat at a table; someone who never did is
	// mentioned, the one way left to say who they are.
	names, err := c.env.Store.SeatNames(ctx, in.GuildID, store.KindNone, users)
	if err != nil {
		c.env.Log.Error("leaderboard names", "err", err)
		return ui.Rendering{}, ui.EphemeralText(ui.SomethingWrong(in.Lang()))
	}
	return leaderboardView(l, rows, names), nil
}

// leaderboardView draws the leaderboard of rows in l, each player named as
// names has them.
func leaderboardView(l lang.Lang, rows []store.LeaderRow, names map[string]string) ui.Rendering {
	var sb strings.Builder
	for i, r := range rows {
		fmt.Fprintf(&sb, "%d. %s — **%d**\n", i+1, ui.NameOr(names, r.User), r.Total)
	}
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{{Title: l.T("chips.leaderboard"), Description: sb.String(), Color: 0xdaa520}}}
}

// OwnsComponent reports whether a click is on the leaderboard's Share button.
func (c *Chips) OwnsComponent(id ui.ComponentID) bool { return share.Owns(id) }

// HandleComponent answers Share under a leaderboard: the leaderboard as it
// is now goes to the channel, in the server's language (a public board).
func (c *Chips) HandleComponent(ctx context.Context, in *ui.Input) *ui.Reply {
	if share.ParseButton(in.Component).Board != "leaderboard" {
		return ui.EphemeralText(in.Lang().T("common.unknown_button"))
	}
	board, r := c.board(ctx, in, in.ServerLang)
	if r != nil {
		return r
	}
	return share.Post(ctx, c.env, in, board)
}

func (c *Chips) grant(ctx context.Context, in *ui.Input) *ui.Reply {
	// Discord cannot restrict one subcommand, so the permission is checked here.
	l := in.Lang()
	if in.Permissions&ui.ManageGuild == 0 {
		return ui.EphemeralText(l.T("chips.only_managers"))
	}
	who := in.Options.User("player")
	amount := in.Options.Int("amount", 0)
	if who == "" || amount == 0 || amount < -maxGrant || amount > maxGrant {
		return ui.EphemeralText(l.T("chips.grant_range", "Min", -maxGrant, "Max", maxGrant))
	}
	bal, err := c.env.Store.AdminGrant(ctx, in.GuildID, in.UserID, who, amount)
	if missing, ok := store.MissingChips(err); ok {
		return ui.EphemeralText(l.T("chips.short", "User", who, "Short", missing))
	}
	if err != nil {
		if errors.Is(err, store.ErrInsufficientChips) {
			return ui.EphemeralText(l.T("chips.below_zero"))
		}
		c.env.Log.Error("granting chips", "err", err)
		return ui.EphemeralText(ui.SomethingWrong(l))
	}
	// The note is public: the server's language.
	pub, verb := in.ServerLang, "chips.granted"
	if amount < 0 {
		verb, amount = "chips.took", -amount
	}
	return ui.PublicMessage(pub.T(verb, "By", in.UserID, "Amount", pub.N("chips.amount", int(amount)), "User", who, "N", bal.Total), nil)
}
