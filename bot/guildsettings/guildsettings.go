package guildsettings

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/help"
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
	var opts []*discordgo.ApplicationCommandOption
	for _, o := range s.env.Games.Settings() {
		opts = append(opts, o.Option)
	}
	opts = append(opts,
		table.TurnTimerOption(),
		ui.BoolOption("threads"),
		table.TurnNoticeOption(),
		languageOption(),
		resetOption(s.env.Games.Settings()),
	)
	return ui.GuildCommand("cardbot",
		ui.Subcommand("help"),
		ui.Subcommand("settings", opts...),
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
	change, problems := s.parse(in)
	if len(problems) > 0 {
		return ui.EphemeralText("Nothing was changed:\n" + strings.Join(problems, "\n"))
	}
	var cur store.GuildSettings
	title := "Table defaults in this server"
	langChanged, err := s.applyLanguage(ctx, in)
	if err == nil && s.changed(change) {
		cur, err = s.env.Store.UpdateGuildSettings(ctx, in.UserID, change)
		title = "Table defaults in this server, changed"
	} else if err == nil {
		cur = s.env.GuildDefaults(ctx, in.GuildID)
	}
	if langChanged {
		title = "Table defaults in this server, changed"
	}
	if err != nil {
		s.env.Log.Error("changing a server's settings", "guild", in.GuildID, "err", err)
		return ui.EphemeralText(ui.MsgSomethingWrong)
	}
	view := s.view(title, cur)
	view.Fields = append(view.Fields, s.languageField(ctx, in))
	return ui.EphemeralMessage("", []*discordgo.MessageEmbed{view}, nil)
}

// parse reads the options given into a change, checking each with its
// game's own check; problems lists every value out of range.
func (s *Settings) parse(in *ui.Input) (change store.GuildSettings, problems []string) {
	change.Guild = in.GuildID
	check := func(name string, ok func(int64) string) (int64, bool) {
		if !in.Options.Has(name) {
			return 0, false
		}
		v := in.Options.Int(name, 0)
		if why := ok(v); why != "" {
			problems = append(problems, "• "+why)
			return 0, false
		}
		return v, true
	}
	for _, o := range s.env.Games.Settings() {
		if v, ok := check(o.Option.Name, o.Check); ok {
			change.SetGame(o.Key, v)
		}
	}
	for _, o := range []struct {
		name  string
		to    **int64
		check func(int64) string
	}{
		{"turn_timer", &change.TurnTimerS, table.CheckTurnTimer},
		{"turn_notice", &change.TurnNoticeS, table.CheckTurnNotice},
	} {
		if v, ok := check(o.name, o.check); ok {
			*o.to = &v
		}
	}
	if in.Options.Has("threads") {
		on := in.Options.Bool("threads", false)
		change.Threads = &on
	}
	if r := in.Options.String("reset"); r != "" && r != "language" {
		change.Reset = []string{r}
		for _, o := range s.env.Games.Settings() {
			if o.Option.Name == r {
				change.Reset, change.ResetGames = nil, []store.GameSetting{o.Key}
			}
		}
	}
	return change, problems
}

// changed reports whether c changes anything.
func (s *Settings) changed(c store.GuildSettings) bool {
	return len(c.Games) > 0 || len(c.ResetGames) > 0 ||
		c.TurnTimerS != nil || c.Threads != nil || c.TurnNoticeS != nil || len(c.Reset) > 0
}

// view shows every setting with its value now, and whether it is the
// server's or cardbot's own default.
func (s *Settings) view(title string, g store.GuildSettings) *discordgo.MessageEmbed {
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
	var fields []*discordgo.MessageEmbedField
	var news []string
	for _, e := range s.env.Games.All() {
		news = append(news, "`/"+e.Command()+" new`")
	}
	for _, o := range s.env.Games.Settings() {
		fields = append(fields, field(o.Label, o.Value(g), o.Default, o.Unit))
	}
	fields = append(fields,
		field("Turn timer", g.TurnTimerS, table.DefaultTurnTimer, " s"),
		&discordgo.MessageEmbedField{Name: "Threads", Value: threads, Inline: true},
		&discordgo.MessageEmbedField{Name: "Turn notice", Value: notice, Inline: true})
	e := &discordgo.MessageEmbed{
		Title: title,
		Description: "New tables in this server start with these values; an option given to " + orList(news) + " " +
			"still wins. Change one with `/cardbot settings` and its option, e.g. `stake:5`; " +
			"`reset:` brings one back to cardbot's default.",
		Color:  0x5865f2,
		Fields: fields,
	}
	if g.UpdatedBy != "" {
		e.Footer = &discordgo.MessageEmbedFooter{Text: "Last changed " + g.UpdatedAt.UTC().Format("2006-01-02 15:04 UTC")}
	}
	return e
}

// resetOption lets /cardbot settings bring one setting back to cardbot's default.
func resetOption(games []catalog.Setting) *discordgo.ApplicationCommandOption {
	o := ui.StringOption("reset", false, false, 0)
	var names []string
	for _, g := range games {
		names = append(names, g.Option.Name)
	}
	for _, n := range append(append(names, store.SettingNames...), "language") {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: n, Value: n})
	}
	return o
}

// orList joins items as a sentence does: "a", "a or b", "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}
