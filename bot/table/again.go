package table

import (
	"context"
	"encoding/json"

	"github.com/cardbot/cardbot/bot/ui"
)

// Again is what a game gives PlayAgain to start its next game at a table
// after one has ended.
type Again struct {
	// Settings are the next game's settings, its number one more.
	Settings json.RawMessage
	// Final is the finished game's message, which keeps its final state,
	// without buttons, once the next game has its own.
	Final ui.Rendering
	// Noun and Number name the next game's thread ("game", 2), and Header
	// draws, once the table is the next game's, the channel message that
	// thread is started from.
	Noun   string
	Number int
	Header func() ui.Rendering
	// Switch makes the table the next game's (stored as id): its game ID
	// and settings, no seats of the ended game. It returns back, which puts
	// the finished game back if the next cannot begin.
	Switch func(id string) (back func())
	// Begin deals the next game and stores its start; it returns a
	// refusal, or nil.
	Begin func() *ui.Reply
}

// PlayAgain starts the next game at a finished table once everybody
// seated is in (the NextGamer's BeginNext): the shared part of Play again.
// The next game is stored, played in a thread of its own if the table
// plays in threads, and dealt; each player gets their hand. If it cannot
// begin, the table is as it was after its game, and the click is answered
// with why.
func (c *Core) PlayAgain(ctx context.Context, in *ui.Input, a Again) *ui.Reply {
	id, undo, r := c.NextGame(ctx, a.Settings)
	if r != nil {
		return r
	}
	old := c.AfterGameView(a.Final).WithoutButtons()
	lobby, finishedAt := c.Out.MessageID(), c.Out.Channel()
	back := a.Switch(id)
	c.NextThread(ctx, in, c.ThreadName(a.Noun, a.Number), a.Header())
	if r := a.Begin(); r != nil {
		back()
		c.ReturnToLobby(lobby)
		undo()
		return r
	}
	c.DealHands(in)
	return c.AnswerStart(in, finishedAt, lobby, old)
}
