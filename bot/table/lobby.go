package table

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/help"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// LobbyClick answers the lobby's buttons, shared by both games; start is
// the game's own Start.
func LobbyClick(ctx context.Context, t LobbyGame, in *ui.Input, start func() *ui.Reply) *ui.Reply {
	b, ok := ParseLobbyButton(in.Component)
	if !ok {
		return ui.EphemeralText("That button belongs to an earlier game at this table.")
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
			return ui.EphemeralText("Only the host can start the game.")
		}
		return start()
	case VerbCancel:
		return CancelTable(ctx, t, in, "cancelled by the host")
	}
	return ui.EphemeralText("The game has not started yet: wait for the host to click **Start**.")
}

// FreePlayLine tells a lobby's readers that a game against the computer
// costs nothing: no chips move at a table with a computer seat, so a
// newcomer can learn there before playing for chips.
const FreePlayLine = "🆓 Free to try: no chips move when a computer plays. The host presses **Add computer**."

// LobbyButtons are the rows under every lobby message: the lobby's, and
// How to play on its own.
func LobbyButtons(game, tableID string) []discordgo.MessageComponent {
	id := func(verb ui.Verb) string { return LobbyButton{Game: game, Table: tableID, Verb: verb}.ID() }
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Join", Style: discordgo.SuccessButton, CustomID: id(VerbJoin)},
		discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: id(VerbLeave)},
		discordgo.Button{Label: "Add computer", Style: discordgo.SecondaryButton, CustomID: id(VerbComputer)},
		discordgo.Button{Label: "Start", Style: discordgo.PrimaryButton, CustomID: id(VerbStart)},
		discordgo.Button{Label: "Cancel", Style: discordgo.DangerButton, CustomID: id(VerbCancel)},
	}}, discordgo.ActionsRow{Components: []discordgo.MessageComponent{help.Button(game)}}}
}

// lobbyUpdate answers a lobby click by redrawing the lobby message.
func lobbyUpdate(t LobbyGame) *ui.Reply {
	v := t.LobbyView()
	return ui.PublicUpdate("", v.Embeds, v.Components)
}

func joinLobby(ctx context.Context, t LobbyGame, in *ui.Input) *ui.Reply {
	c := t.TableCore()
	if SeatIndex(c.Seats, in.UserID) >= 0 {
		return ui.EphemeralText("You are already seated at this table.")
	}
	if len(c.Seats) >= t.MaxSeats() {
		return ui.EphemeralText(fmt.Sprintf("This table is full (%d players).", t.MaxSeats()))
	}
	// The seat is reserved before any I/O (the chips check reads the
	// store), so a click on Join at another table cannot seat the player
	// twice meanwhile.
	if other, ok := c.Env.ClaimSeat(c.Name(), c.Guild, in.UserID, c.ID); !ok {
		return ui.EphemeralText(fmt.Sprintf("You already sit at %s table **%s** in this server. Leave it first.", c.Title, other))
	}
	if r := t.CanJoin(ctx, in); r != nil {
		c.Env.ReleaseSeat(c.Name(), c.Guild, in.UserID, c.ID)
		return r
	}
	c.Seats = append(c.Seats, Seat{UserID: in.UserID, Name: in.UserName})
	if err := c.SaveSeats(ctx, t.SettingsJSON()); err != nil {
		c.Seats = c.Seats[:len(c.Seats)-1]
		c.Env.ReleaseSeat(c.Name(), c.Guild, in.UserID, c.ID)
		return ui.EphemeralText(ui.MsgSomethingWrong)
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
		return ui.EphemeralText("You are not seated at this table.")
	}
	old, oldHost := c.Seats, c.Host
	c.Seats = append(append([]Seat{}, c.Seats[:i]...), c.Seats[i+1:]...)
	if in.UserID == c.Host {
		next, ok := FirstHuman(c.Seats)
		if !ok {
			c.Seats = old
			return CancelTable(ctx, t, in, "closed: the host left and nobody else was seated")
		}
		c.Host = next
	}
	if err := c.SaveSeats(ctx, t.SettingsJSON()); err != nil {
		c.Seats, c.Host = old, oldHost
		return ui.EphemeralText(ui.MsgSomethingWrong)
	}
	c.Env.ReleaseSeat(c.Name(), c.Guild, in.UserID, c.ID)
	c.forgetJoin(in.UserID)
	return lobbyUpdate(t)
}

func addComputer(ctx context.Context, t LobbyGame, in *ui.Input) *ui.Reply {
	c := t.TableCore()
	if in.UserID != c.Host {
		return ui.EphemeralText("Only the host can add computer players.")
	}
	if len(c.Seats) >= t.MaxSeats() {
		return ui.EphemeralText(fmt.Sprintf("This table is full (%d players).", t.MaxSeats()))
	}
	c.Seats = append(c.Seats, Seat{Computer: true, Name: NextComputerName(c.Seats)})
	undo := t.ComputerAdded()
	if err := c.SaveSeats(ctx, t.SettingsJSON()); err != nil {
		c.Seats = c.Seats[:len(c.Seats)-1]
		undo()
		return ui.EphemeralText(ui.MsgSomethingWrong)
	}
	return lobbyUpdate(t)
}

// CancelTable closes a lobby: by its host (in), or by its idle timer (nil).
func CancelTable(ctx context.Context, t LobbyGame, in *ui.Input, why string) *ui.Reply {
	c := t.TableCore()
	if in != nil && in.UserID != c.Host {
		return ui.EphemeralText("Only the host can cancel the table.")
	}
	st := store.StatusCancelled
	if _, err := c.Env.Store.UpdateGame(ctx, c.GameID, store.GameUpdate{Status: &st}); err != nil {
		c.Env.Log.Error("cancelling a table", "table", c.ID, "err", err)
		return ui.EphemeralText(ui.MsgSomethingWrong)
	}
	CloseTable(t)
	v := c.ClosedView("This table was " + why + ".")
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
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("%s · table %s", c.Title, c.ID),
		Description: fmt.Sprintf("Hosted by %s. %s%s", LabelOf(c.Seats, c.Host), join, Line(c.ThreadLine())),
		Color:       entry.Colour,
		Fields: []*discordgo.MessageEmbedField{
			{Name: "Seats", Value: SeatList(c.Seats, t.MaxSeats())},
			{Name: "Settings", Value: settings},
		},
	}
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: LobbyButtons(c.Name(), c.ID)}
}
