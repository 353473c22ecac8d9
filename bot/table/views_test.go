package table

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/internal/golden"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// viewGame is the least LobbyGame that draws the shared views: the lobby
// and the ready check after a game, with a game's join and settings lines.
type viewGame struct{ Core }

func (g *viewGame) Handle(context.Context, *ui.Input) *ui.Reply    { return nil }
func (g *viewGame) HandView(int, string) ui.Rendering              { return ui.Rendering{} }
func (g *viewGame) StopTimers()                                    {}
func (g *viewGame) MaxSeats() int                                  { return 4 }
func (g *viewGame) MinSeats() int                                  { return 2 }
func (g *viewGame) CanJoin(context.Context, *ui.Input) *ui.Reply   { return nil }
func (g *viewGame) ComputerAdded() func()                          { return func() {} }
func (g *viewGame) SettingsJSON() json.RawMessage                  { return nil }
func (g *viewGame) Number() int                                    { return 1 }
func (g *viewGame) BeginNext(context.Context, *ui.Input) *ui.Reply { return nil }
func (g *viewGame) FinalView() ui.Rendering {
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{{Title: "Laro · table abc123", Description: "ann won."}},
		Components: []discordgo.MessageComponent{AfterGameButtonsIn(g.Lang, "laro", g.ID, 1)}}
}
func (g *viewGame) LobbyView() ui.Rendering {
	// The game's own lines, as a game writes them in the table's language.
	if g.Lang == lang.German {
		return LobbyMessage(g, "Drück **Mitspielen**, um dich zu setzen.", "Einsatz **10**")
	}
	return LobbyMessage(g, "Click **Join** to sit down.", "Stake **10**")
}

// newViewGame is a lobby of ann (host), ben and a computer, its public
// messages in l.
func newViewGame(t *testing.T, l lang.Lang) *viewGame {
	t.Helper()
	games, err := catalog.New(catalog.Entry{Kind: store.KindLaro, Title: "Laro", Noun: "game", Colour: 0x2b7a78})
	if err != nil {
		t.Fatal(err)
	}
	g := &viewGame{Core: Core{Env: &Env{Games: games}, Kind: store.KindLaro, Title: "Laro", ID: "abc123",
		Host: "111", Status: store.StatusLobby, Lang: l, Thread: Thread{Want: true},
		Seats: []Seat{{UserID: "111", Name: "ann"}, {UserID: "222", Name: "ben"}, {Computer: true, Name: "Ada"}}}}
	return g
}

// TestViewsLobby: the lobby and the ready check after a game, as their
// goldens hold them.
func TestViewsLobby(t *testing.T) {
	for _, l := range lang.All {
		suffix := ""
		if l != lang.English {
			suffix = "_" + l.Code()
		}
		g := newViewGame(t, l)
		golden.Check(t, "lobby"+suffix, g.LobbyView())
		g.Status = store.StatusFinished
		g.ready = map[string]bool{"111": true}
		golden.Check(t, "ready_check"+suffix, AfterGameView(g, g.FinalView()))
		g.Guild, g.Thread = "900", Thread{Want: true, ID: "901"}
		golden.Check(t, "ready_check_thread"+suffix, AfterGameView(g, g.FinalView()))
		g.ready = nil
		golden.Check(t, "after_game_thread"+suffix, AfterGameView(g, g.FinalView()))
	}
}
