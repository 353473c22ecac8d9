package history

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// PageSize is how many games a history page lists: with one line each, a
// page stays far inside an embed's 4096 characters.
const PageSize = 10

// maxPage keeps a forged page number from asking the database for an
// absurd offset.
const maxPage = 10000

// Page draws page (0 for the newest) of who's finished games of kind k in
// guild: one line per game, drawn by line. more reports whether an older
// page exists.
func Page(ctx context.Context, st *store.Store, k Kind, l lang.Lang, guild, who string, page int,
	line func(store.HistoryEntry) string) (ui.Rendering, error) {
	page = max(0, min(page, maxPage))
	entries, more, err := st.History(ctx, store.HistoryQuery{
		Kind: k.Kind, Guild: guild, User: who, Offset: page * PageSize, Limit: PageSize,
	})
	if err != nil {
		return ui.Rendering{}, err
	}
	e := &discordgo.MessageEmbed{
		Title: l.T("history.page_title", "Game", k.Title),
		Color: k.Colour,
	}
	names, err := st.SeatNames(ctx, guild, k.Kind, []string{who})
	if err != nil {
		return ui.Rendering{}, err
	}
	var b strings.Builder
	b.WriteString(l.T("history.whose", "Name", ui.NameOr(names, who), "Nouns", nouns(l, k)) + "\n\n")
	if len(entries) == 0 {
		if page == 0 {
			b.WriteString(l.T("history.none", "Game", k.Title, "Noun", Noun(l, k)))
		} else {
			b.WriteString(l.T("history.no_older"))
		}
	}
	for _, en := range entries {
		b.WriteString(line(en) + "\n")
	}
	e.Description = b.String()
	e.Footer = &discordgo.MessageEmbedFooter{Text: l.T("history.footer", "Page", page+1, "Hint", k.ReplayHintIn(l, "<ID>"))}
	id := func(to int, arg string) string {
		return PageButton{Game: k.Command(), Player: who, Page: to, Dir: arg}.ID()
	}
	var comps []discordgo.MessageComponent
	if page > 0 || more {
		comps = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("history.newer"), Style: discordgo.SecondaryButton, CustomID: id(max(page-1, 0), "prev"),
				Emoji: &discordgo.ComponentEmoji{Name: "◀"}, Disabled: page == 0},
			discordgo.Button{Label: l.T("history.older"), Style: discordgo.SecondaryButton, CustomID: id(page+1, "next"),
				Emoji: &discordgo.ComponentEmoji{Name: "▶"}, Disabled: !more},
		}}}
	}
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: comps}, nil
}

// Date shows when a game started, in each reader's own time zone.
func Date(t time.Time) string { return fmt.Sprintf("<t:%d:f>", t.Unix()) }

// ChipsIn shows a player's chip result in l, or nothing for a game played
// for fun.
func ChipsIn(l lang.Lang, net int64) string {
	if net == 0 {
		return ""
	}
	return l.T("history.chips", "Net", fmt.Sprintf("%+d", net))
}

// Choices are the autocomplete choices for a replay's ID option: the
// caller's latest finished games whose ID starts with what they have typed.
func Choices(ctx context.Context, st *store.Store, k Kind, guild, user, typed string,
	name func(store.HistoryEntry) string) []*discordgo.ApplicationCommandOptionChoice {
	prefix := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(typed), "#"))
	if len(prefix) > idLen || strings.Trim(prefix, "0123456789abcdef") != "" {
		return nil
	}
	entries, _, err := st.History(ctx, store.HistoryQuery{
		Kind: k.Kind, Guild: guild, User: user, IDPrefix: prefix, Limit: ui.MaxChoices,
	})
	if err != nil {
		return nil
	}
	out := make([]*discordgo.ApplicationCommandOptionChoice, len(entries))
	for i, e := range entries {
		out[i] = &discordgo.ApplicationCommandOptionChoice{Name: clipTo(name(e), 100), Value: e.Game.ID}
	}
	return out
}

// ChoiceDate is a game's start in a choice's name, which Discord shows as
// plain text (no <t:…> there): UTC, to the minute.
func ChoiceDate(t time.Time) string { return t.UTC().Format("2 Jan 2006 15:04 UTC") } // lang:keep — a time layout

// PlayersIn says in l how many sat at a game: "solo" or "3 players".
func PlayersIn(l lang.Lang, n int) string {
	if n == 1 {
		return l.T("history.solo")
	}
	return l.T("history.players", "N", n)
}
