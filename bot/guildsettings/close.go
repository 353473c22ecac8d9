package guildsettings

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// ManageMessages is the permission a member needs to close a table: the one
// Discord's moderators have to tidy a channel.
const ManageMessages int64 = discordgo.PermissionManageMessages

// closeSubcommand is /cardbot close: a moderator picks one of the server's
// open tables from a list that Discord fills in as they type.
func closeSubcommand() *discordgo.ApplicationCommandOption {
	return ui.Subcommand("close", ui.StringOption("table", true, true, 40))
}

// isModerator reports whether in's member may close any table.
func isModerator(in *ui.Input) bool {
	return in.Permissions&(ManageMessages|discordgo.PermissionAdministrator) != 0
}

// Autocomplete lists the open tables matching what the moderator typed;
// others see no tables, so the list reveals nothing they could not close.
func (s *Settings) Autocomplete(ctx context.Context, in *ui.Input) []*discordgo.ApplicationCommandOptionChoice {
	if in.Subcommand != "close" || in.Focused != "table" || !isModerator(in) {
		return nil
	}
	typed := strings.ToLower(in.Options.String("table"))
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, t := range s.env.OpenTables(ctx, in.GuildID) {
		label := t.Label(in.Lang())
		if typed != "" && !strings.Contains(strings.ToLower(label), typed) {
			continue
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: label, Value: t.Game + "/" + t.ID})
		if len(out) == ui.MaxChoices {
			break
		}
	}
	return out
}

// close answers /cardbot close: the table ends as a game nobody won.
func (s *Settings) close(ctx context.Context, in *ui.Input) *ui.Reply {
	l := in.Lang()
	if !isModerator(in) {
		return ui.EphemeralText(l.T("settings.close.only_moderators"))
	}
	game, id, ok := strings.Cut(strings.TrimSpace(in.Options.String("table")), "/")
	if !ok || game == "" || id == "" {
		return ui.EphemeralText(l.T("settings.close.pick"))
	}
	t, closed, err := s.env.CloseTableAsModerator(ctx, game, id, in)
	if err != nil {
		s.env.Log.Error("closing a table for a moderator", "table", id, "err", err)
		return ui.EphemeralText(ui.SomethingWrong(l))
	}
	if !closed {
		return ui.EphemeralText(l.T("settings.close.no_table", "Table", in.Options.String("table"),
			"Option", ui.OptionName(l, "cardbot close table")))
	}
	msg := l.T("settings.close.closed", "Game", t.Title, "Table", t.ID, "Channel", t.Channel)
	if t.Phase == store.StatusLobby || t.Phase == store.StatusPlaying {
		msg += " " + l.T("settings.close.nobody_won")
	}
	if len(t.People) > 0 {
		msg += " " + l.T("settings.close.told")
	}
	return ui.EphemeralText(msg)
}
