package table

import (
	"context"
	"encoding/json"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// Again is what a game gives PlayAgain to start its next game at a table
// after one has ended: only what differs between games.
type Again struct {
	// Settings are the next game's settings, its number one more.
	Settings json.RawMessage
	// Final is the finished game's table message, which keeps its final
	// state, without buttons, once the next game has a message of its own.
	Final ui.Rendering
	// Switch makes the table the next game's (stored as id): its game ID
	// and settings, and no seats of the ended game. It returns back, which
	// puts the finished game back if the next one cannot begin.
	Switch func(id string) (back func())
	// Begin deals the next game and stores its start; it returns a
	// refusal, or nil.
	Begin func() *ui.Reply
}

// PlayAgain starts the next game at a finished table once everybody seated
// is in (a NextGamer's BeginNext): the part of Play again every game
// shares. The next game is stored, played in a thread of its own if the
// table plays in threads, and dealt; each player gets their hand, and the
// clicker's is the click's answer. If it cannot begin, the table is as it
// was after its game, the stored next game is cancelled, and the click is
// answered with why.
func PlayAgain(ctx context.Context, t LobbyGame, in *ui.Input, a Again) *ui.Reply {
	c := t.TableCore()
	id, undo, r := c.NextGame(ctx, a.Settings)
	if r != nil {
		return r
	}
	old := AfterGameView(t, a.Final).WithoutButtons()
	lobby, finishedAt := c.Out.MessageID(), c.Out.Channel()
	back := a.Switch(id)
	c.NextThread(ctx, in, c.ThreadName(c.nounIn(c.Lang), t.Number()), c.threadHeader(t.Number()))
	PostStartThrough(t, in)
	if r := a.Begin(); r != nil {
		back()
		c.ReturnToLobby(lobby)
		undo()
		return r
	}
	DealHands(t, in)
	return AnswerStart(t, in, finishedAt, lobby, old)
}

// threadHeader is the channel message the thread of game n (Play again) is
// started from, in the game's colour and the table's language.
func (c *Core) threadHeader(n int) ui.Rendering {
	e, _ := c.Env.Games.Lookup(c.Kind)
	noun := c.nounIn(c.Lang)
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{{
		Title:       c.Lang.T("table.thread.name", "Game", c.Title, "Table", c.ID, "What", noun, "N", n),
		Description: c.Lang.T("table.start.thread_header", "Noun", capital(noun), "N", n, "Seats", SeatNames(c.Seats)),
		Color:       e.Colour,
	}}}
}
