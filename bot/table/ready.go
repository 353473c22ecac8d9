package table

import (
	"context"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// Between games a table asks who is in before it deals again, so that
// nobody who walked away is dealt into the next game. The first click on
// Play again starts the ready check, and counts its clicker in; every other
// person seated clicks I'm in (the same button, relabelled). Computer seats
// are always in. The next game starts when everybody is in, or when the
// host clicks Start now with those who are; the others lose their seats.
// Leave table takes a person off the table at any time between games.
//
// Who is in is stored with the finished game's seats, so a restart during
// the ready check keeps it.

// A NextGamer is a game table that can play again after a game.
type NextGamer interface {
	LobbyGame
	// MinSeats is the fewest seats the game can be played with.
	MinSeats() int
	// BeginNext starts the next game with the table's seats as they are
	// now (everyone is in), and answers the click that started it.
	BeginNext(ctx context.Context, in *ui.Input) *ui.Reply
}

// AfterGameClick answers the buttons of a table between games: Play again
// or I'm in, Start now, and Leave table.
func AfterGameClick(ctx context.Context, t NextGamer, in *ui.Input) *ui.Reply {
	if t.TableCore().Status == store.StatusPlaying {
		return ui.EphemeralText(in.Lang().T("table.ready.running"))
	}
	switch in.Component.Verb {
	case VerbAgain:
		return imIn(ctx, t, in)
	case VerbStartNow:
		return startNow(ctx, t, in)
	case VerbLeave:
		return LeaveAfterGame(ctx, t, in)
	}
	return ui.EphemeralText(in.Lang().T("table.not_this_tables"))
}

// imIn counts in's user in for the next game, and starts it once everybody is.
func imIn(ctx context.Context, t NextGamer, in *ui.Input) *ui.Reply {
	c := t.TableCore()
	if _, r := c.MySeat(in); r != nil {
		return r
	}
	if c.ready[in.UserID] {
		return ui.EphemeralText(in.Lang().T("table.ready.you_are_in"))
	}
	ready := map[string]bool{in.UserID: true}
	for u := range c.ready {
		ready[u] = true
	}
	if len(waitingFor(c.Seats, ready)) == 0 {
		c.ready = nil
		return t.BeginNext(ctx, in)
	}
	if err := c.saveReady(ctx, ready); err != nil {
		return ui.EphemeralText(ui.SomethingWrong(in.Lang()))
	}
	c.ready = ready
	return afterGameUpdate(t)
}

// startNow starts the next game with the people who are in; the others
// leave the table.
func startNow(ctx context.Context, t NextGamer, in *ui.Input) *ui.Reply {
	c := t.TableCore()
	if in.UserID != c.Host {
		return ui.EphemeralText(in.Lang().T("table.ready.only_host_next"))
	}
	if c.ready == nil {
		return ui.EphemeralText(in.Lang().T("table.ready.again_first"))
	}
	ready := map[string]bool{in.UserID: true}
	for u := range c.ready {
		ready[u] = true
	}
	seated := slices.DeleteFunc(slices.Clone(c.Seats), func(s Seat) bool { return !s.Computer && !ready[s.UserID] })
	if len(seated) < t.MinSeats() {
		return ui.EphemeralText(in.Lang().T("table.ready.too_few", "Min", t.MinSeats(), "In", len(seated)))
	}
	if err := c.SaveLeavers(ctx, c.gameSeats(), seated); err != nil {
		c.Env.Log.Error("storing who is out of the next game", "table", c.ID, "err", err)
		return ui.EphemeralText(ui.SomethingWrong(in.Lang()))
	}
	for _, s := range c.Seats {
		if !s.Computer && !ready[s.UserID] {
			c.Env.ReleaseSeat(c.Name(), c.Guild, s.UserID, c.ID)
		}
	}
	c.Seats, c.ready = seated, nil
	return t.BeginNext(ctx, in)
}

// LeaveAfterGame takes in's user off the table between games. With nobody
// left, the table closes; when the host leaves, the next person hosts.
func LeaveAfterGame(ctx context.Context, t NextGamer, in *ui.Input) *ui.Reply {
	c := t.TableCore()
	i, r := c.MySeat(in)
	if r != nil {
		return r
	}
	seated := slices.Delete(slices.Clone(c.Seats), i, i+1)
	// Stored first: a restart while the table is open after its game must
	// not seat the player again.
	if err := c.SaveLeavers(ctx, c.gameSeats(), seated); err != nil {
		c.Env.Log.Error("storing who left a table", "table", c.ID, "err", err)
		return ui.EphemeralText(ui.SomethingWrong(in.Lang()))
	}
	c.Seats = seated
	delete(c.ready, in.UserID)
	c.Env.ReleaseSeat(c.Name(), c.Guild, in.UserID, c.ID)
	next, ok := FirstHuman(c.Seats)
	if !ok {
		CloseTable(t)
		last := AfterGameView(t, t.FinalView()).WithoutButtons()
		c.Out.Close(&last)
		return ui.EphemeralText(in.Lang().T("table.ready.left_closed"))
	}
	if in.UserID == c.Host {
		c.Host = next
	}
	if c.ready != nil && len(waitingFor(c.Seats, c.ready)) == 0 && len(c.Seats) >= t.MinSeats() {
		// Everybody still seated is in: the one they waited for has gone.
		c.ready = nil
		return t.BeginNext(ctx, in)
	}
	c.Out.SetPublic(AfterGameView(t, t.FinalView()), false)
	return ui.EphemeralText(in.Lang().T("table.ready.left", "Table", c.ID))
}

// gameSeats are the seats of the game that ended: the table's seats until
// someone leaves.
func (c *Core) gameSeats() []Seat {
	if c.EndSeats != nil {
		return c.EndSeats
	}
	return c.Seats
}

// saveReady stores who is in with the finished game's seats.
func (c *Core) saveReady(ctx context.Context, ready map[string]bool) error {
	stored := StoreSeats(c.gameSeats())
	for i, s := range c.gameSeats() {
		stored[i].Left = !s.Computer && SeatIndex(c.Seats, s.UserID) < 0
		stored[i].Ready = !s.Computer && ready[s.UserID]
	}
	_, err := c.Env.Store.UpdateGame(ctx, c.GameID, store.GameUpdate{Seats: stored})
	if err != nil {
		c.Env.Log.Error("storing who is in for the next game", "table", c.ID, "err", err)
	}
	return err
}

// restoreReady takes who was in from the finished game's stored seats.
func (c *Core) restoreReady(stored []store.Seat) {
	for _, s := range stored {
		if s.Ready && !s.Left {
			if c.ready == nil {
				c.ready = map[string]bool{}
			}
			c.ready[s.User] = true
		}
	}
}

// waitingFor lists the people seated who are not in yet.
func waitingFor(seats []Seat, ready map[string]bool) []Seat {
	var out []Seat
	for _, s := range seats {
		if !s.Computer && !ready[s.UserID] {
			out = append(out, s)
		}
	}
	return out
}

// afterGameUpdate answers a click between games by redrawing the table
// message.
func afterGameUpdate(t NextGamer) *ui.Reply {
	v := AfterGameView(t, t.FinalView())
	return ui.PublicUpdate(v.Content, v.Embeds, v.Components)
}

// withReadyCheck shows the ready check on an after-game message: who is in
// and who the table waits for, and the buttons I'm in, Start now and
// Leave table in place of the game's own.
func (c *Core) withReadyCheck(r ui.Rendering, game int) ui.Rendering {
	var in, waiting []string
	for _, s := range c.Seats {
		if s.Computer || c.ready[s.UserID] {
			in = append(in, s.Label())
		} else {
			waiting = append(waiting, s.Label())
		}
	}
	l := c.Lang
	text := l.T("table.ready.in", "Names", strings.Join(in, ", "))
	if len(waiting) > 0 {
		text += "\n" + l.T("table.ready.waiting", "Names", strings.Join(waiting, ", ")) + "\n" + l.T("table.ready.press_in")
	}
	if len(r.Embeds) > 0 {
		e := *r.Embeds[0]
		e.Fields = append(slices.Clone(e.Fields), &discordgo.MessageEmbedField{Name: l.T("table.ready.next_game"), Value: text})
		r.Embeds = append([]*discordgo.MessageEmbed{&e}, r.Embeds[1:]...)
	}
	id := func(verb ui.Verb) string {
		return GameButton{Game: c.Name(), Table: c.ID, Verb: verb, GameNo: game}.ID()
	}
	r.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("table.ready.im_in"), Style: discordgo.SuccessButton, CustomID: id(VerbAgain), Emoji: &discordgo.ComponentEmoji{Name: "✋"}},
		discordgo.Button{Label: l.T("table.ready.start_now"), Style: discordgo.PrimaryButton, CustomID: id(VerbStartNow)},
		discordgo.Button{Label: l.T("table.ready.leave_table"), Style: discordgo.SecondaryButton, CustomID: id(VerbLeave)},
	}}}
	return r
}

// AfterGameButtonsIn is the row under a finished game's message, in l: Play
// again and Leave table. game is the number of the game that ended.
func AfterGameButtonsIn(l lang.Lang, gameName, tableID string, game int) discordgo.ActionsRow {
	id := func(verb ui.Verb) string {
		return GameButton{Game: gameName, Table: tableID, Verb: verb, GameNo: game}.ID()
	}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("table.ready.play_again"), Style: discordgo.SuccessButton, CustomID: id(VerbAgain)},
		discordgo.Button{Label: l.T("table.ready.leave_table"), Style: discordgo.SecondaryButton, CustomID: id(VerbLeave)},
	}}
}
