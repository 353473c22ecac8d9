package bot

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/store"
)

// lobbyClick answers the lobby's buttons, shared by both games; start is
// the game's own Start.
func lobbyClick(ctx context.Context, t lobbyGame, in *Input, start func() *Reply) *Reply {
	c := in.Component
	if c.Turn != 0 {
		return ephemeralText("That button belongs to an earlier game at this table.")
	}
	switch c.Verb {
	case "join":
		return joinLobby(ctx, t, in)
	case "leave":
		return leaveLobby(ctx, t, in)
	case "computer":
		return addComputer(ctx, t, in)
	case "start":
		if in.UserID != t.core().host {
			return ephemeralText("Only the host can start the game.")
		}
		return start()
	case "cancel":
		return cancelTable(ctx, t, in, "cancelled by the host")
	}
	return ephemeralText("The game has not started yet: wait for the host to click **Start**.")
}

// lobbyButtons is the row under every lobby message.
func lobbyButtons(kind, tableID string) []discordgo.MessageComponent {
	id := func(verb string) string { return ComponentID{Game: kind, Table: tableID, Verb: verb}.String() }
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Join", Style: discordgo.SuccessButton, CustomID: id("join")},
		discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: id("leave")},
		discordgo.Button{Label: "Add computer", Style: discordgo.SecondaryButton, CustomID: id("computer")},
		discordgo.Button{Label: "Start", Style: discordgo.PrimaryButton, CustomID: id("start")},
		discordgo.Button{Label: "Cancel", Style: discordgo.DangerButton, CustomID: id("cancel")},
	}}}
}

// lobbyUpdate answers a lobby click by redrawing the lobby message.
func lobbyUpdate(t lobbyGame) *Reply {
	v := t.lobbyView()
	return updateMessage("", v.Embeds, v.Components)
}

func joinLobby(ctx context.Context, t lobbyGame, in *Input) *Reply {
	c := t.core()
	if seatOf(c.seats, in.UserID) >= 0 {
		return ephemeralText("You are already seated at this table.")
	}
	if len(c.seats) >= t.maxSeats() {
		return ephemeralText(fmt.Sprintf("This table is full (%d players).", t.maxSeats()))
	}
	// The seat is reserved before any I/O (the chips check reads the
	// store), so a click on Join at another table cannot seat the player
	// twice meanwhile.
	if other, ok := c.b.claimSeat(c.kind, c.guild, in.UserID, c.id); !ok {
		return ephemeralText(fmt.Sprintf("You already sit at %s table **%s** in this server. Leave it first.", c.title, other))
	}
	if r := t.canJoin(ctx, in); r != nil {
		c.b.releaseSeat(c.kind, c.guild, in.UserID, c.id)
		return r
	}
	c.seats = append(c.seats, seat{UserID: in.UserID, Name: in.UserName})
	if err := c.saveSeats(ctx, t.settingsJSON()); err != nil {
		c.seats = c.seats[:len(c.seats)-1]
		c.b.releaseSeat(c.kind, c.guild, in.UserID, c.id)
		return ephemeralText(msgSomethingWrong)
	}
	return lobbyUpdate(t)
}

// leaveLobby takes a player off an unstarted table; when the host leaves,
// the next person seated hosts, and with nobody left the table closes.
func leaveLobby(ctx context.Context, t lobbyGame, in *Input) *Reply {
	c := t.core()
	i := seatOf(c.seats, in.UserID)
	if i < 0 {
		return ephemeralText("You are not seated at this table.")
	}
	old, oldHost := c.seats, c.host
	c.seats = append(append([]seat{}, c.seats[:i]...), c.seats[i+1:]...)
	if in.UserID == c.host {
		next, ok := firstHuman(c.seats)
		if !ok {
			c.seats = old
			return cancelTable(ctx, t, in, "closed: the host left and nobody else was seated")
		}
		c.host = next
	}
	if err := c.saveSeats(ctx, t.settingsJSON()); err != nil {
		c.seats, c.host = old, oldHost
		return ephemeralText(msgSomethingWrong)
	}
	c.b.releaseSeat(c.kind, c.guild, in.UserID, c.id)
	return lobbyUpdate(t)
}

func addComputer(ctx context.Context, t lobbyGame, in *Input) *Reply {
	c := t.core()
	if in.UserID != c.host {
		return ephemeralText("Only the host can add computer players.")
	}
	if len(c.seats) >= t.maxSeats() {
		return ephemeralText(fmt.Sprintf("This table is full (%d players).", t.maxSeats()))
	}
	c.seats = append(c.seats, seat{Computer: true, Name: nextComputerName(c.seats)})
	undo := t.computerAdded()
	if err := c.saveSeats(ctx, t.settingsJSON()); err != nil {
		c.seats = c.seats[:len(c.seats)-1]
		undo()
		return ephemeralText(msgSomethingWrong)
	}
	return lobbyUpdate(t)
}

// cancelTable closes a lobby: by its host (in), or by its idle timer (nil).
func cancelTable(ctx context.Context, t lobbyGame, in *Input, why string) *Reply {
	c := t.core()
	if in != nil && in.UserID != c.host {
		return ephemeralText("Only the host can cancel the table.")
	}
	st := store.StatusCancelled
	if _, err := c.b.store.UpdateGame(ctx, c.gameID, store.GameUpdate{Status: &st}); err != nil {
		c.b.log.Error("cancelling a table", "table", c.id, "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	closeTable(t)
	v := c.closedView("This table was " + why + ".")
	if in == nil {
		c.out.SetPublic(v, false)
		return nil
	}
	return updateMessage("", v.Embeds, v.Components)
}
