package table

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/help"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// LobbyClick answers the lobby's buttons, shared by both games; start is
// the game's own Start.
func LobbyClick(ctx context.Context, t LobbyGame, in *ui.Input, start func() *ui.Reply) *ui.Reply {
	b, ok := ParseLobbyButton(in.Component)
	if !ok {
		return ui.EphemeralText(in.Lang().T("table.earlier_button"))
	}
	switch b.Verb {
	case VerbJoin:
		return joinLobby(ctx, t, in)
	case VerbLeave:
		return leaveLobby(ctx, t, in)
	case VerbComputer:
		return addComputer(ctx, t, in)
	case VerbStart:
		if in.UserID != t.TableCore().Host {
			return ui.EphemeralText(in.Lang().T("table.lobby.only_host_start"))
		}
		return start()
	case VerbCancel:
		return CancelTable(ctx, t, in, "table.closed.cancelled")
	}
	return ui.EphemeralText(in.Lang().T("table.lobby.not_started"))
}

// FreePlay tells a lobby's readers, in l, that a game against the computer
// costs nothing: no chips move at a table with a computer seat, so a
// newcomer can learn there before playing for chips.
func FreePlay(l lang.Lang) string { return l.T("table.lobby.free_play") }

// LobbyButtons are the rows under every lobby message, in l: the lobby's,
// and How to play on its own.
func LobbyButtons(l lang.Lang, game, tableID string) []discordgo.MessageComponent {
	id := func(verb ui.Verb) string { return LobbyButton{Game: game, Table: tableID, Verb: verb}.ID() }
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("table.lobby.join"), Style: discordgo.SuccessButton, CustomID: id(VerbJoin)},
		discordgo.Button{Label: l.T("table.lobby.leave"), Style: discordgo.SecondaryButton, CustomID: id(VerbLeave)},
		discordgo.Button{Label: l.T("table.lobby.add_computer"), Style: discordgo.SecondaryButton, CustomID: id(VerbComputer)},
		discordgo.Button{Label: l.T("table.lobby.start"), Style: discordgo.PrimaryButton, CustomID: id(VerbStart)},
		discordgo.Button{Label: l.T("table.lobby.cancel"), Style: discordgo.DangerButton, CustomID: id(VerbCancel)},
	}}, discordgo.ActionsRow{Components: []discordgo.MessageComponent{help.ButtonIn(l, game)}}}
}

// lobbyUpdate answers a lobby click by redrawing the lobby message.
func lobbyUpdate(t LobbyGame) *ui.Reply {
	v := t.LobbyView()
	return ui.PublicUpdate("", v.Embeds, v.Components)
}

func joinLobby(ctx context.Context, t LobbyGame, in *ui.Input) *ui.Reply {
	c := t.TableCore()
	if SeatIndex(c.Seats, in.UserID) >= 0 {
		return ui.EphemeralText(in.Lang().T("table.lobby.already_seated"))
	}
	if len(c.Seats) >= t.MaxSeats() {
		return ui.EphemeralText(in.Lang().T("table.lobby.full", "Max", t.MaxSeats()))
	}
	// The seat is reserved before any I/O (the chips check reads the
	// store), so a click on Join at another table cannot seat the player
	// twice meanwhile.
	if other, ok := c.Env.ClaimSeat(c.Name(), c.Guild, in.UserID, c.ID); !ok {
		return ui.EphemeralText(in.Lang().T("table.lobby.seated_elsewhere", "Game", c.Title, "Table", other))
	}
	if r := t.CanJoin(ctx, in); r != nil {
		c.Env.ReleaseSeat(c.Name(), c.Guild, in.UserID, c.ID)
		return r
	}
	c.Seats = append(c.Seats, Seat{UserID: in.UserID, Name: in.UserName})
	if err := c.SaveSeats(ctx, t.SettingsJSON()); err != nil {
		c.Seats = c.Seats[:len(c.Seats)-1]
		c.Env.ReleaseSeat(c.Name(), c.Guild, in.UserID, c.ID)
		return ui.EphemeralText(ui.SomethingWrong(in.Lang()))
	}
	c.KeepJoin(in)
	return lobbyUpdate(t)
}

// leaveLobby takes a player off an unstarted table; when the host leaves,
// the next person seated hosts, and with nobody left the table closes.
func leaveLobby(ctx context.Context, t LobbyGame, in *ui.Input) *ui.Reply {
	c := t.TableCore()
	i := SeatIndex(c.Seats, in.UserID)
	if i < 0 {
		return ui.EphemeralText(in.Lang().T("table.not_seated"))
	}
	old, oldHost := c.Seats, c.Host
	c.Seats = append(append([]Seat{}, c.Seats[:i]...), c.Seats[i+1:]...)
	if in.UserID == c.Host {
		next, ok := FirstHuman(c.Seats)
		if !ok {
			c.Seats = old
			return CancelTable(ctx, t, in, "table.closed.host_left")
		}
		c.Host = next
	}
	if err := c.SaveSeats(ctx, t.SettingsJSON()); err != nil {
		c.Seats, c.Host = old, oldHost
		return ui.EphemeralText(ui.SomethingWrong(in.Lang()))
	}
	c.Env.ReleaseSeat(c.Name(), c.Guild, in.UserID, c.ID)
	c.forgetJoin(in.UserID)
	return lobbyUpdate(t)
}

func addComputer(ctx context.Context, t LobbyGame, in *ui.Input) *ui.Reply {
	c := t.TableCore()
	if in.UserID != c.Host {
		return ui.EphemeralText(in.Lang().T("table.lobby.only_host_computer"))
	}
	if len(c.Seats) >= t.MaxSeats() {
		return ui.EphemeralText(in.Lang().T("table.lobby.full", "Max", t.MaxSeats()))
	}
	c.Seats = append(c.Seats, Seat{Computer: true, Name: NextComputerName(c.Seats)})
	undo := t.ComputerAdded()
	if err := c.SaveSeats(ctx, t.SettingsJSON()); err != nil {
		c.Seats = c.Seats[:len(c.Seats)-1]
		undo()
		return ui.EphemeralText(ui.SomethingWrong(in.Lang()))
	}
	return lobbyUpdate(t)
}

// CancelTable closes a lobby: by its host (in), or by its idle timer (nil).
// why is the catalogue ID of the closed message's text ("table.closed.idle"),
// written in the table's language.
func CancelTable(ctx context.Context, t LobbyGame, in *ui.Input, why string) *ui.Reply {
	c := t.TableCore()
	if in != nil && in.UserID != c.Host {
		return ui.EphemeralText(in.Lang().T("table.lobby.only_host_cancel"))
	}
	st := store.StatusCancelled
	if _, err := c.Env.Store.UpdateGame(ctx, c.GameID, store.GameUpdate{Status: &st}); err != nil {
		c.Env.Log.Error("cancelling a table", "table", c.ID, "err", err)
		return ui.EphemeralText(ui.SomethingWrong(c.ReaderLang(c.Host)))
	}
	CloseTable(t)
	v := c.ClosedView(c.Lang.T(why))
	if in == nil {
		c.Out.Close(&v) // its last message: nothing is sent after it
		return nil
	}
	return ui.PublicUpdate("", v.Embeds, v.Components)
}

// LobbyMessage draws a lobby message as every game's looks: the game and
// table, who hosts, join (how to sit down, in the game's words), where its
// games are played, the seats, the game's settings, and the lobby's
// buttons, in the colour the game registered in the catalog.
func LobbyMessage(t LobbyGame, join, settings string) ui.Rendering {
	c := t.TableCore()
	entry, _ := c.Env.Games.Lookup(c.Kind)
	l := c.Lang
	e := &discordgo.MessageEmbed{
		Title:       c.TitleLine(),
		Description: l.T("table.lobby.hosted_by", "Host", LabelOf(c.Seats, c.Host), "Join", join, "Thread", Line(c.ThreadLine())),
		Color:       entry.Colour,
		Fields: []*discordgo.MessageEmbedField{
			{Name: l.T("table.lobby.seats"), Value: SeatList(l, c.Seats, t.MaxSeats())},
			{Name: l.T("table.lobby.settings"), Value: settings},
		},
	}
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: LobbyButtons(l, c.Name(), c.ID)}
}
