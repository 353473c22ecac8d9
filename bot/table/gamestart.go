package table

import (
	"context"
	"strings"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
)

// StartGame starts a table's first game when its host clicks Start in the
// lobby (LobbyClick checked the click): the part every game shares. The
// game goes into a thread of its own if the table asked for one, its table
// message is posted through the click, begin deals it and stores its start
// (a refusal, or nil), and each player gets their hand, the clicker's as
// the click's answer. The lobby message then says where the game is. If it
// cannot begin, the table stays in its lobby in the channel.
func StartGame(ctx context.Context, t LobbyGame, in *ui.Input, begin func() *ui.Reply) *ui.Reply {
	c := t.TableCore()
	lobby := c.Out.MessageID()
	n := t.Number()
	c.EnterThread(ctx, in, c.ThreadName(c.nounIn(c.Lang), n))
	PostStartThrough(t, in)
	if r := begin(); r != nil {
		c.ReturnToLobby(lobby)
		return r
	}
	DealHands(t, in)
	v := c.ClosedView(c.Lang.T("table.start.started", "Noun", capital(c.nounIn(c.Lang)), "N", n, "Where", c.Where(),
		"Seats", SeatNames(c.Seats), "Note", Line(c.ThreadNote())))
	return AnswerStart(t, in, c.Channel, lobby, v)
}

// noun is what one play of the table's game is called: "game", or
// "match" for Laus (its catalog entry's Noun).
func (c *Core) noun() string {
	if e, ok := c.Env.Games.Lookup(c.Kind); ok {
		return e.Noun
	}
	return "game"
}

// nounIn is what one play of the table's game is called in l ("game",
// "Partie"): the catalogue's word for its catalog entry's Noun.
func (c *Core) nounIn(l lang.Lang) string {
	n := c.noun()
	if id := "history.noun." + n; l.Has(id) {
		return l.T(id)
	}
	return n
}

// capital is s with its first letter a capital: "Match".
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
