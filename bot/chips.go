package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/store"
)

// leaderboardSize is how many players /chips leaderboard lists.
const leaderboardSize = 10

func (b *Bot) chipsBalance(ctx context.Context, in *Input) *Reply {
	who := in.Options.User("player")
	if who == "" {
		who = in.UserID
	}
	bal, err := b.store.Balance(ctx, in.GuildID, who)
	if err != nil {
		b.log.Error("reading a balance", "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	whose := "You have"
	if who != in.UserID {
		whose = fmt.Sprintf("<@%s> has", who)
	}
	text := fmt.Sprintf("%s **%d** chips", whose, bal.Total)
	if bal.Held > 0 {
		text += fmt.Sprintf(" (%d held for a game in progress, %d free)", bal.Held, bal.Free)
	}
	return ephemeralText(text + ".")
}

func (b *Bot) chipsDaily(ctx context.Context, in *Input) *Reply {
	bal, err := b.store.ClaimDaily(ctx, in.GuildID, in.UserID)
	if next, ok := store.NextDaily(err); ok {
		return ephemeralText(fmt.Sprintf("You already collected your daily chips. The next bonus is ready <t:%d:R>.", next.Unix()))
	}
	if err != nil {
		b.log.Error("daily bonus", "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	return ephemeralText(fmt.Sprintf("🎁 Daily bonus collected! You now have **%d** chips.", bal.Total))
}

func (b *Bot) chipsLeaderboard(ctx context.Context, in *Input) *Reply {
	rows, err := b.store.Leaderboard(ctx, in.GuildID, leaderboardSize)
	if err != nil {
		b.log.Error("leaderboard", "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	if len(rows) == 0 {
		return ephemeralText("Nobody in this server has chips yet. `/chips daily` starts you off.")
	}
	var sb strings.Builder
	for i, r := range rows {
		fmt.Fprintf(&sb, "%d. <@%s> — **%d**\n", i+1, r.User, r.Total)
	}
	return publicMessage("", []*discordgo.MessageEmbed{{Title: "Chip leaderboard", Description: sb.String(), Color: 0xdaa520}})
}

func (b *Bot) chipsGrant(ctx context.Context, in *Input) *Reply {
	// Discord cannot restrict one subcommand, so the permission is checked here.
	if in.Permissions&manageGuild == 0 {
		return ephemeralText("Only members with the **Manage Server** permission can grant chips.")
	}
	who := in.Options.User("player")
	amount := in.Options.Int("amount", 0)
	if who == "" || amount == 0 || amount < -maxGrant || amount > maxGrant {
		return ephemeralText(fmt.Sprintf("Name a player and a non-zero amount between %d and %d.", -maxGrant, maxGrant))
	}
	bal, err := b.store.AdminGrant(ctx, in.GuildID, in.UserID, who, amount)
	if missing, ok := store.MissingChips(err); ok {
		return ephemeralText(fmt.Sprintf("<@%s> does not have that many free chips to take: %d short.", who, missing))
	}
	if err != nil {
		if errors.Is(err, store.ErrInsufficientChips) {
			return ephemeralText("A balance can never go below zero.")
		}
		b.log.Error("granting chips", "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	verb := "granted"
	if amount < 0 {
		verb, amount = "took", -amount
	}
	return publicMessage(fmt.Sprintf("<@%s> %s %d chips %s <@%s>. New balance: **%d**.", in.UserID, verb, amount,
		map[bool]string{true: "from", false: "to"}[verb == "took"], who, bal.Total), nil)
}
