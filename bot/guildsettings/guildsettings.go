package guildsettings

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/help"
	"github.com/cardbot/cardbot/bot/laro"
	"github.com/cardbot/cardbot/bot/laus"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// Settings is the /cardbot command and its settings subcommand.
type Settings struct{ env *table.Env }

// New makes the /cardbot settings command on the shared environment (it
// uses its store and log, and runs no tables).
func New(env *table.Env) ui.Module { return &Settings{env: env} }

// Command is the /cardbot slash command: help, settings and close.
// Discord's default member permissions apply to a whole command, not to one
// subcommand, so /cardbot is shown to everyone (its help is for all) and
// each other subcommand checks the member's own permissions, refusing the
// others clearly (a server may also change who sees it in its integration
// settings, and a forged request skips Discord's check).
func (s *Settings) Command() *discordgo.ApplicationCommand {
	return ui.GuildCommand("cardbot", "cardbot's commands, this server's settings and tables",
		ui.Subcommand("help", "Every cardbot command, in short"),
		ui.Subcommand("settings", "Show or change the defaults for new tables in this server (Manage Server)",
			laro.StakeOption("Laro: chips each loser pays per point"),
			laro.AnteOption("Laro: chips each player puts in the pot"),
			laro.ClaimWindowOption("Laro: seconds everyone has to call LARO! on a discard"),
			table.TurnTimerOption("Both games: seconds a player has for a turn"),
			laus.TargetOption("laus_target", "Laus: the total that ends a match"),
			ui.BoolOption("threads", "Both games: play each game in a thread started from the table message"),
			table.TurnNoticeOption("Both games: when to ping a player who has not moved on their turn"),
			resetOption(),
		),
		closeSubcommand(),
	)
}

// HandleCommand answers /cardbot help, settings and close.
func (s *Settings) HandleCommand(ctx context.Context, in *ui.Input) *ui.Reply {
	switch in.Subcommand {
	case "help":
		return help.Commands()
	case "settings":
		return s.settings(ctx, in)
	case "close":
		return s.close(ctx, in)
	}
	return ui.EphemeralText("That command is not known to this version of cardbot.")
}

// settings answers /cardbot settings: it shows the server's defaults, after
// changing or resetting those its options name.
func (s *Settings) settings(ctx context.Context, in *ui.Input) *ui.Reply {
	if in.Permissions&(ui.ManageGuild|discordgo.PermissionAdministrator) == 0 {
		return ui.EphemeralText("Only members with the **Manage Server** permission can see or change cardbot's settings.")
	}
	change, problems := parse(in)
	if len(problems) > 0 {
		return ui.EphemeralText("Nothing was changed:\n" + strings.Join(problems, "\n"))
	}
	var cur store.GuildSettings
	var err error
	title := "Table defaults in this server"
	if changed(change) {
		cur, err = s.env.Store.UpdateGuildSettings(ctx, in.UserID, change)
		title = "Table defaults in this server, changed"
	} else {
		cur = s.env.GuildDefaults(ctx, in.GuildID)
	}
	if err != nil {
		s.env.Log.Error("changing a server's settings", "guild", in.GuildID, "err", err)
		return ui.EphemeralText(ui.MsgSomethingWrong)
	}
	return ui.EphemeralMessage("", []*discordgo.MessageEmbed{view(title, cur)}, nil)
}

// parse reads the options given into a change, checking each with its
// game's own check; problems lists every value out of range.
func parse(in *ui.Input) (change store.GuildSettings, problems []string) {
	change.Guild = in.GuildID
	ints := []struct {
		name  string
		to    **int64
		check func(int64) string
	}{
		{"stake", &change.Stake, laro.CheckStake},
		{"ante", &change.Ante, laro.CheckAnte},
		{"claim_window", &change.ClaimWindowS, laro.CheckClaimWindow},
		{"turn_timer", &change.TurnTimerS, table.CheckTurnTimer},
		{"laus_target", &change.LausTarget, laus.CheckTarget},
		{"turn_notice", &change.TurnNoticeS, table.CheckTurnNotice},
	}
	for _, o := range ints {
		if !in.Options.Has(o.name) {
			continue
		}
		v := in.Options.Int(o.name, 0)
		if why := o.check(v); why != "" {
			problems = append(problems, "• "+why)
			continue
		}
		*o.to = &v
	}
	if in.Options.Has("threads") {
		on := in.Options.Bool("threads", false)
		change.Threads = &on
	}
	if r := in.Options.String("reset"); r != "" {
		change.Reset = []string{r}
	}
	return change, problems
}

func changed(c store.GuildSettings) bool {
	return c.Stake != nil || c.Ante != nil || c.ClaimWindowS != nil || c.TurnTimerS != nil || c.LausTarget != nil ||
		c.Threads != nil || c.TurnNoticeS != nil || len(c.Reset) > 0
}

// view shows every setting with its value now, and whether it is the
// server's or cardbot's own default.
func view(title string, g store.GuildSettings) *discordgo.MessageEmbed {
	field := func(name string, p *int64, def int64, unit string) *discordgo.MessageEmbedField {
		v := fmt.Sprintf("**%d**%s (cardbot's default)", def, unit)
		if p != nil {
			v = fmt.Sprintf("**%d**%s (set for this server)", *p, unit)
		}
		return &discordgo.MessageEmbedField{Name: name, Value: v, Inline: true}
	}
	threads := "**off** (cardbot's default)"
	if g.Threads != nil {
		threads = map[bool]string{true: "**on**", false: "**off**"}[*g.Threads] + " (set for this server)"
	}
	notice := "**" + table.TurnNoticeText(table.DefaultTurnNoticeS) + "** (cardbot's default)"
	if g.TurnNoticeS != nil {
		notice = "**" + table.TurnNoticeText(*g.TurnNoticeS) + "** (set for this server)"
	}
	e := &discordgo.MessageEmbed{
		Title: title,
		Description: "New tables in this server start with these values; an option given to `/laro new` or `/laus new` " +
			"still wins. Change one with `/cardbot settings` and its option, e.g. `stake:5`; " +
			"`reset:` brings one back to cardbot's default.",
		Color: 0x5865f2,
		Fields: []*discordgo.MessageEmbedField{
			field("Stake (Laro)", g.Stake, laro.DefaultStake, " chips per point"),
			field("Ante (Laro)", g.Ante, laro.DefaultAnte, " chips"),
			field("Claim window (Laro)", g.ClaimWindowS, laro.DefaultClaimWindowS, " s"),
			field("Turn timer", g.TurnTimerS, table.DefaultTurnTimer, " s"),
			field("Target (Laus)", g.LausTarget, laus.DefaultTarget, " points"),
			{Name: "Threads", Value: threads, Inline: true},
			{Name: "Turn notice", Value: notice, Inline: true},
		},
	}
	if g.UpdatedBy != "" {
		e.Footer = &discordgo.MessageEmbedFooter{Text: "Last changed " + g.UpdatedAt.UTC().Format("2006-01-02 15:04 UTC")}
	}
	return e
}
