package guildsettings

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/help"
	"github.com/cardbot/cardbot/bot/lang"
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
		return help.Commands(in.Lang())
	case "settings":
		return s.settings(ctx, in)
	case "close":
		return s.close(ctx, in)
	}
	return ui.EphemeralText(in.Lang().T("common.unknown_command"))
}

// settings answers /cardbot settings: it shows the server's defaults, after
// changing or resetting those its options name.
func (s *Settings) settings(ctx context.Context, in *ui.Input) *ui.Reply {
	// The settings page is a private reply: the asker's language.
	l := in.Lang()
	if in.Permissions&(ui.ManageGuild|discordgo.PermissionAdministrator) == 0 {
		return ui.EphemeralText(l.T("settings.only_managers"))
	}
	change, problems := s.parse(in)
	if len(problems) > 0 {
		return ui.EphemeralText(l.T("settings.nothing_changed") + "\n" + strings.Join(problems, "\n"))
	}
	var cur store.GuildSettings
	title := l.T("settings.title")
	langChanged, err := s.applyLanguage(ctx, in)
	if err == nil && s.changed(change) {
		cur, err = s.env.Store.UpdateGuildSettings(ctx, in.UserID, change)
		title = l.T("settings.title_changed")
	} else if err == nil {
		cur = s.env.GuildDefaults(ctx, in.GuildID)
	}
	if langChanged {
		title = l.T("settings.title_changed")
	}
	if err != nil {
		s.env.Log.Error("changing a server's settings", "guild", in.GuildID, "err", err)
		return ui.EphemeralText(ui.SomethingWrong(l))
	}
	view := s.view(l, title, cur)
	view.Fields = append(view.Fields, s.languageField(ctx, in))
	return ui.EphemeralMessage("", []*discordgo.MessageEmbed{view}, nil)
}

// parse reads the options given into a change, checking each with its
// game's own check; problems lists every value out of range.
func (s *Settings) parse(in *ui.Input) (change store.GuildSettings, problems []string) {
	change.Guild = in.GuildID
	check := func(name string, ok func(lang.Lang, int64) string) (int64, bool) {
		if !in.Options.Has(name) {
			return 0, false
		}
		v := in.Options.Int(name, 0)
		if why := ok(in.Lang(), v); why != "" {
			problems = append(problems, "• "+why)
			return 0, false
		}
		return v, true
	}
	for _, o := range s.env.Games.Settings() {
		if v, ok := check(o.Option.Name, o.Refusal); ok {
			change.SetGame(o.Key, v)
		}
	}
	for _, o := range []struct {
		name  string
		to    **int64
		check func(lang.Lang, int64) string
	}{
		{"turn_timer", &change.TurnTimerS, table.CheckTurnTimerIn},
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

// view shows every setting with its value now, in l, and whether it is
// the server's or cardbot's own default.
func (s *Settings) view(l lang.Lang, title string, g store.GuildSettings) *discordgo.MessageEmbed {
	// shown is a value as the page says it: set for this server or
	// cardbot's default.
	shown := func(v any, unit string, set bool) string {
		if set {
			return l.T("settings.set", "V", v, "Unit", unit)
		}
		return l.T("settings.default", "V", v, "Unit", unit)
	}
	field := func(name string, p *int64, def int64, unit string) *discordgo.MessageEmbedField {
		v := shown(def, unit, false)
		if p != nil {
			v = shown(*p, unit, true)
		}
		return &discordgo.MessageEmbedField{Name: name, Value: v, Inline: true}
	}
	threads := shown(l.T("settings.off"), "", false)
	if g.Threads != nil {
		threads = shown(l.T(map[bool]string{true: "settings.on", false: "settings.off"}[*g.Threads]), "", true)
	}
	notice := shown(table.TurnNoticeText(l, table.DefaultTurnNoticeS), "", false)
	if g.TurnNoticeS != nil {
		notice = shown(table.TurnNoticeText(l, *g.TurnNoticeS), "", true)
	}
	var fields []*discordgo.MessageEmbedField
	var news []string
	for _, e := range s.env.Games.All() {
		news = append(news, "`"+ui.Cmd(l, e.Command()+" new")+"`")
	}
	for _, o := range s.env.Games.Settings() {
		label, unit := o.LabelIn(l)
		fields = append(fields, field(label, o.Value(g), o.Default, unit))
	}
	fields = append(fields,
		field(l.T("settings.turn_timer"), g.TurnTimerS, table.DefaultTurnTimer, " s"),
		&discordgo.MessageEmbedField{Name: l.T("settings.threads"), Value: threads, Inline: true},
		&discordgo.MessageEmbedField{Name: l.T("settings.turn_notice"), Value: notice, Inline: true})
	e := &discordgo.MessageEmbed{
		Title: title,
		Description: l.T("settings.about", "News", orList(l, news), "Cmd", ui.Cmd(l, "cardbot settings"),
			"Stake", ui.OptionName(l, "cardbot settings stake"), "Reset", ui.OptionName(l, "cardbot settings reset")),
		Color:  0x5865f2,
		Fields: fields,
	}
	if g.UpdatedBy != "" {
		at := g.UpdatedAt.UTC().Format("2006-01-02 15:04 UTC") // lang:keep — a time layout
		e.Footer = &discordgo.MessageEmbedFooter{Text: l.T("settings.last_changed", "At", at)}
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

// orList joins items as a sentence in l does: "a", "a or b", "a, b or c".
func orList(l lang.Lang, items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + l.T("settings.or") + " " + items[len(items)-1]
}
