package e2e

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/ui"
)

// Seed deals every game of the world from seed, so that a test can rely
// on how a game played by PlayTurn's rules goes.
func Seed(seed uint64) func(*bot.Options) {
	return func(o *bot.Options) { o.NewSeed = func() uint64 { return seed } }
}

// PlayUntilWin plays turns the way PlayTurn does until a player's hand
// offers to declare a win, and returns that player and hand without
// clicking it. The test fails if the game ends otherwise.
func PlayUntilWin(t *testing.T, w *World, players []*Player) (*Player, *discordgo.Message) {
	t.Helper()
	for turn := 0; turn < 400; turn++ {
		mover, hand := WaitForMover(t, players)
		mover.Click(hand, Button(hand, "draw", "deck"))
		hand = mover.WaitHand("discard buttons", func(m *discordgo.Message) bool {
			s := Text(m)
			return Button(m, "discard", "*") != "" || strings.Contains(s, "🏆") || strings.Contains(s, "no winner")
		})
		if Button(hand, "win", "") != "" {
			return mover, hand
		}
		if Button(hand, "discard", "*") == "" {
			t.Fatalf("the game ended before anyone could declare a win:\n%s", Text(hand))
		}
		mover.Click(hand, Button(hand, "discard", ChooseDiscard(CardsOf(t, hand)).String()))
	}
	t.Fatal("nobody could declare a win in 400 turns")
	return nil, nil
}

// RefuseChannel makes Discord refuse every call the bot makes about the
// world's channel and its threads (on), or take them again (off). Refused
// while the bot stores the end of a game and stops, they are what a crash
// right after the final commit loses: the final table message, and the
// closing of the game's thread.
func (w *World) RefuseChannel(on bool) {
	p := discordtest.DefaultBotPermissions
	if on {
		p &^= discordgo.PermissionViewChannel | discordgo.PermissionSendMessages
	}
	w.Ch.SetBotPermissions(p)
}

// SetDeadline sets a stored game's deadline while the bot is stopped: the
// time a table open after its game closes, moved as if time had passed.
func (w *World) SetDeadline(gameID string, at time.Time) {
	w.T.Helper()
	w.setGame(gameID, "deadline", at.UnixMilli())
}

// SetMessageID sets a stored game's table message while the bot is stopped,
// as if storing a newer one had failed.
func (w *World) SetMessageID(gameID, messageID string) {
	w.T.Helper()
	w.setGame(gameID, "message_id", messageID)
}

// setGame sets one column of a stored game while the bot is stopped.
func (w *World) setGame(gameID, column string, v any) {
	w.T.Helper()
	if w.B != nil {
		w.T.Fatalf("setting a game's %s needs the bot stopped", column)
	}
	db, err := sql.Open("sqlite3", w.DB)
	if err != nil {
		w.T.Fatal(err)
	}
	defer db.Close()
	res, err := db.Exec(`UPDATE games SET `+column+` = ? WHERE id = ?`, v, gameID)
	if err != nil {
		w.T.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		w.T.Fatalf("setting game %s's %s: %d rows changed, want 1", gameID, column, n)
	}
}

// WaitMessage waits until the channel message id satisfies cond, and
// returns it.
func (w *World) WaitMessage(id, what string, cond func(*discordgo.Message) bool) *discordgo.Message {
	w.T.Helper()
	var got *discordgo.Message
	_, err := w.Ch.Wait(Patience, func(ms []*discordgo.Message) bool {
		for _, m := range ms {
			if m.ID == id {
				got = m
				return cond(m)
			}
		}
		return false
	})
	if err != nil {
		w.T.Fatalf("the table message never showed %s; it shows:\n%s", what, Text(w.Ch.Message(id)))
	}
	return got
}

// Mentions is how messages name user u.
func Mentions(p *Player) string { return fmt.Sprintf("<@%s>", p.U.ID()) }

// PlayAgain plays the next game at a finished table as people do: first
// clicks Play again on the table message m, and each of others then clicks
// I'm in on the message as it shows then. The last click starts the game.
func (w *World) PlayAgain(m *discordgo.Message, first *Player, others ...*Player) {
	w.T.Helper()
	first.Click(m, Button(m, "again", "*"))
	for _, p := range others {
		cur := w.WaitMessage(m.ID, "I'm in", func(m *discordgo.Message) bool {
			return strings.Contains(Text(m), "[I'm in]")
		})
		p.Click(cur, Button(cur, "again", "*"))
	}
}

// Named is how the table's messages name player p: their display name,
// escaped as markdown.
func Named(p *Player) string { return ui.EscapeName(p.U.DisplayName()) }
