package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// Laus seats 3 or 4 players.
const (
	minLausSeats = 3
	maxLausSeats = 4
)

// lausSettings is a Laus table's configuration, stored as the match's
// settings JSON so a restart rebuilds the table exactly.
type lausSettings struct {
	Target     int   `json:"target"`
	TurnTimerS int64 `json:"turn_timer_s"`
	MatchNo    int   `json:"match_no"` // 1 for the table's first match
}

func (s lausSettings) marshal() json.RawMessage {
	b, _ := json.Marshal(s) // a struct of ints always marshals
	return b
}

// lausTable is one Laus table: its lobby, its current match and everything
// around the match that the engine does not know (seats, timers, open hand
// messages, who is being played for). All of its fields are owned by its
// actor's goroutine; nothing else reads or writes them.
type lausTable struct {
	b        *Bot
	id       string // table ID, in custom_ids and titles
	guild    string
	channel  string
	host     string
	settings lausSettings
	seats    []seat
	status   store.Status
	gameID   string // the store's ID of the current match
	seq      int64  // last stored action of the current match
	seed     uint64
	match    *laus.Match // nil while in the lobby

	act *actor
	out *outbox

	events   []string
	hands    map[string]handToken // open hand messages, by user
	timeouts []int                // turns in a row each seat timed out
	afk      []bool               // the computer keeps this seat until "I'm back"
	deadline time.Time
	stopTurn func() bool
	stopIdle func() bool // closes an unstarted or finished table
}

// lausNew handles /laus new: it checks the options, opens a lobby with the
// host seated, posts the table message and tells the host it is there.
func (b *Bot) lausNew(ctx context.Context, in *Input) *Reply {
	s := lausSettings{
		Target:     int(in.Options.Int("target", defaultTarget)),
		TurnTimerS: in.Options.Int("turn_timer", defaultTurnTimer),
		MatchNo:    1,
	}
	// Discord enforces these ranges in its client, but a forged request does not.
	switch {
	case s.Target < minTarget || s.Target > maxTarget:
		return ephemeralText(fmt.Sprintf("The target must be between %d and %d points.", minTarget, maxTarget))
	case s.TurnTimerS < minTurnTimer || s.TurnTimerS > maxTurnTimer:
		return ephemeralText(fmt.Sprintf("The turn timer must be between %d and %d seconds.", minTurnTimer, maxTurnTimer))
	}
	if id, ok := b.lausSeatOf(in.GuildID, in.UserID); ok {
		return ephemeralText(fmt.Sprintf("You already sit at Laus table **%s** in this server. Leave it first (or finish its match).", id))
	}
	t := &lausTable{
		b: b, id: newTableID(), guild: in.GuildID, channel: in.ChannelID, host: in.UserID,
		settings: s, seats: []seat{{UserID: in.UserID, Name: in.UserName}}, status: store.StatusLobby,
		hands: map[string]handToken{},
	}
	g, err := b.store.CreateGame(ctx, store.Game{
		TableID: t.id, Kind: store.KindLaus, Guild: t.guild, Channel: t.channel, Host: t.host,
		Settings: s.marshal(), Seats: storeSeats(t.seats), Status: store.StatusLobby,
		Deadline: store.Deadline{At: time.Now().Add(b.opts.LobbyTimeout), Kind: "idle"},
	})
	if err != nil {
		b.log.Error("creating a Laus table", "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	t.gameID = g.ID
	lobby := t.lobbyView()
	msg, err := b.session.ChannelMessageSendComplex(in.ChannelID, &discordgo.MessageSend{
		Embeds: lobby.Embeds, Components: lobby.Components,
	})
	if err != nil {
		cancelled := store.StatusCancelled
		_, _ = b.store.UpdateGame(ctx, g.ID, store.GameUpdate{Status: &cancelled})
		return ephemeralText("I could not post the table in this channel. Give cardbot the **View Channel**, **Send Messages**, " +
			"**Embed Links** and **Read Message History** permissions here, then try `/laus new` again.")
	}
	if _, err := b.store.UpdateGame(ctx, g.ID, store.GameUpdate{MessageID: &msg.ID}); err != nil {
		b.log.Warn("storing the table message ID", "table", t.id, "err", err)
	}
	b.startLaus(t, msg.ID)
	t.act.post(func() { t.armIdle(b.opts.LobbyTimeout) })
	return ephemeralText(fmt.Sprintf("Your Laus table **%s** is open in this channel. Players click **Join** (3 or 4 in all, "+
		"or add computer players); you click **Start** when everyone is in.", t.id))
}

// startLaus registers a table and starts its goroutines.
func (b *Bot) startLaus(t *lausTable, messageID string) {
	t.act = newActor()
	t.out = newOutbox(b.session, b.log.With("table", t.id), t.channel, messageID, b.opts.PublicEvery, func(id string) {
		t.act.post(func() { t.saveMessageID(id) })
	})
	b.mu.Lock()
	b.laus[t.id] = t
	for _, s := range t.seats {
		if !s.Computer && !t.status.Closed() {
			b.lausSeats[seatKey{t.guild, s.UserID}] = t.id
		}
	}
	b.mu.Unlock()
	b.tables.Add(2)
	go func() { defer b.tables.Done(); t.out.run(b.ctx) }()
	go func() { defer b.tables.Done(); t.act.run(b.ctx, t.stopTimers) }()
}

// lausSeatOf returns the Laus table a player sits at in a guild.
func (b *Bot) lausSeatOf(guild, user string) (string, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	id, ok := b.lausSeats[seatKey{guild, user}]
	return id, ok
}

// setLausSeat records (or with "" clears) where a player sits.
func (b *Bot) setLausSeat(guild, user, table string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if table == "" {
		delete(b.lausSeats, seatKey{guild, user})
	} else {
		b.lausSeats[seatKey{guild, user}] = table
	}
}

// claimLausSeat seats a player at table unless they already sit elsewhere.
func (b *Bot) claimLausSeat(guild, user, table string) (other string, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if cur, taken := b.lausSeats[seatKey{guild, user}]; taken && cur != table {
		return cur, false
	}
	b.lausSeats[seatKey{guild, user}] = table
	return "", true
}

// routeLaus sends a click to the Laus table it belongs to.
func (b *Bot) routeLaus(ctx context.Context, in *Input) *Reply {
	b.mu.Lock()
	t := b.laus[in.Component.Table]
	b.mu.Unlock()
	if t == nil || t.guild != in.GuildID {
		return ephemeralText("This Laus table has closed. Open a new one with `/laus new`.")
	}
	if r := t.act.call(ctx, func() *Reply { return t.handle(ctx, in) }); r != nil {
		return r
	}
	return ephemeralText("The table is busy or restarting; please click again.")
}

// handle runs on the table's goroutine and answers one click.
func (t *lausTable) handle(ctx context.Context, in *Input) *Reply {
	r := t.dispatch(ctx, in)
	if p := t.out.Problem(); p != "" && r != nil && r.Data != nil && r.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
		r.Data.Content = "⚠️ " + p + "\n\n" + r.Data.Content
	}
	return r
}

func (t *lausTable) dispatch(ctx context.Context, in *Input) *Reply {
	c := in.Component
	if t.status == store.StatusLobby {
		if c.Turn != 0 {
			return ephemeralText("That button belongs to an earlier match at this table.")
		}
		switch c.Verb {
		case "join":
			return t.join(ctx, in)
		case "leave":
			return t.leaveLobby(ctx, in)
		case "computer":
			return t.addComputer(ctx, in)
		case "start":
			return t.start(ctx, in)
		case "cancel":
			return t.cancel(ctx, in, "cancelled by the host")
		}
		return ephemeralText("The match has not started yet: wait for the host to click **Start**.")
	}
	if t.match == nil {
		return ephemeralText("This Laus table has closed. Open a new one with `/laus new`.")
	}
	switch c.Verb {
	case "join", "computer", "start", "cancel", "leave":
		return ephemeralText("This table's match has already started.")
	case "hand", "back", "again", "refresh", "resume":
		// These buttons carry the match number; those on a table message
		// also carry the round, since every round has its own table message.
		if c.Turn != t.settings.MatchNo {
			return ephemeralText("That button belongs to an earlier match at this table.")
		}
		if (c.Verb == "hand" || c.Verb == "back") && c.Arg != fmt.Sprint(t.match.Round()) {
			return ephemeralText("That button is on an earlier round's table message. Use the latest table message below it.")
		}
	}
	switch c.Verb {
	case "hand", "refresh":
		return t.showHand(in)
	case "look", "pass", "lay", "play":
		return t.move(ctx, in)
	case "back", "resume":
		return t.back(in)
	case "again":
		return t.playAgain(ctx, in)
	}
	return ephemeralText("That button is not one of this table's.")
}

// lobbyView renders the lobby message.
func (t *lausTable) lobbyView() rendering {
	e := &discordgo.MessageEmbed{
		Title: fmt.Sprintf("Laus · table %s", t.id),
		Description: fmt.Sprintf("Hosted by <@%s>. Click **Join** to sit down: a match needs %d or %d players, "+
			"and the host may fill empty seats with computer players.", t.host, minLausSeats, maxLausSeats),
		Color: lausColor,
		Fields: []*discordgo.MessageEmbedField{
			{Name: "Seats", Value: seatList(t.seats, maxLausSeats)},
			{Name: "Settings", Value: fmt.Sprintf("Target **%d** (the first total to reach it ends the match; the highest total loses) · "+
				"turn timer **%d s**", t.settings.Target, t.settings.TurnTimerS)},
		},
	}
	id := func(verb string) string { return ComponentID{Game: "laus", Table: t.id, Verb: verb}.String() }
	row := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Join", Style: discordgo.SuccessButton, CustomID: id("join")},
		discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: id("leave")},
		discordgo.Button{Label: "Add computer", Style: discordgo.SecondaryButton, CustomID: id("computer")},
		discordgo.Button{Label: "Start", Style: discordgo.PrimaryButton, CustomID: id("start")},
		discordgo.Button{Label: "Cancel", Style: discordgo.DangerButton, CustomID: id("cancel")},
	}}
	return rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{row}}
}

// closedView replaces a lobby message once the match starts or the table closes.
func (t *lausTable) closedView(why string) rendering {
	return rendering{Embeds: []*discordgo.MessageEmbed{{
		Title: fmt.Sprintf("Laus · table %s", t.id), Description: why, Color: 0x777777,
	}}, Components: []discordgo.MessageComponent{}}
}

// lobbyUpdate answers a lobby click by redrawing the lobby message.
func (t *lausTable) lobbyUpdate() *Reply {
	v := t.lobbyView()
	return updateMessage("", v.Embeds, v.Components)
}

func (t *lausTable) join(ctx context.Context, in *Input) *Reply {
	if seatOf(t.seats, in.UserID) >= 0 {
		return ephemeralText("You are already seated at this table.")
	}
	if len(t.seats) >= maxLausSeats {
		return ephemeralText(fmt.Sprintf("This table is full (%d players).", maxLausSeats))
	}
	if other, ok := t.b.claimLausSeat(t.guild, in.UserID, t.id); !ok {
		return ephemeralText(fmt.Sprintf("You already sit at Laus table **%s** in this server. Leave it first.", other))
	}
	t.seats = append(t.seats, seat{UserID: in.UserID, Name: in.UserName})
	if err := t.saveSeats(ctx); err != nil {
		t.seats = t.seats[:len(t.seats)-1]
		t.b.setLausSeat(t.guild, in.UserID, "")
		return ephemeralText(msgSomethingWrong)
	}
	return t.lobbyUpdate()
}

func (t *lausTable) saveSeats(ctx context.Context) error {
	_, err := t.b.store.UpdateGame(ctx, t.gameID, store.GameUpdate{Seats: storeSeats(t.seats), Settings: t.settings.marshal()})
	if err != nil {
		t.b.log.Error("saving seats", "table", t.id, "err", err)
	}
	return err
}

func (t *lausTable) leaveLobby(ctx context.Context, in *Input) *Reply {
	i := seatOf(t.seats, in.UserID)
	if i < 0 {
		return ephemeralText("You are not seated at this table.")
	}
	old, oldHost := t.seats, t.host
	t.seats = append(append([]seat{}, t.seats[:i]...), t.seats[i+1:]...)
	if in.UserID == t.host {
		t.host = ""
		for _, s := range t.seats {
			if !s.Computer {
				t.host = s.UserID
				break
			}
		}
		if t.host == "" {
			t.seats, t.host = old, oldHost
			return t.cancel(ctx, in, "closed: the host left and nobody else was seated")
		}
	}
	if err := t.saveSeats(ctx); err != nil {
		t.seats, t.host = old, oldHost
		return ephemeralText(msgSomethingWrong)
	}
	t.b.setLausSeat(t.guild, in.UserID, "")
	return t.lobbyUpdate()
}

func (t *lausTable) addComputer(ctx context.Context, in *Input) *Reply {
	if in.UserID != t.host {
		return ephemeralText("Only the host can add computer players.")
	}
	if len(t.seats) >= maxLausSeats {
		return ephemeralText(fmt.Sprintf("This table is full (%d players).", maxLausSeats))
	}
	t.seats = append(t.seats, seat{Computer: true, Name: nextComputerName(t.seats)})
	if err := t.saveSeats(ctx); err != nil {
		t.seats = t.seats[:len(t.seats)-1]
		return ephemeralText(msgSomethingWrong)
	}
	return t.lobbyUpdate()
}

func (t *lausTable) cancel(ctx context.Context, in *Input, why string) *Reply {
	if in != nil && in.UserID != t.host {
		return ephemeralText("Only the host can cancel the table.")
	}
	st := store.StatusCancelled
	if _, err := t.b.store.UpdateGame(ctx, t.gameID, store.GameUpdate{Status: &st}); err != nil {
		t.b.log.Error("cancelling a table", "table", t.id, "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	t.close()
	v := t.closedView("This table was " + why + ".")
	if in == nil {
		t.out.SetPublic(v, false)
		return nil
	}
	return updateMessage("", v.Embeds, v.Components)
}

// close forgets the table: its seats are free and its clicks are refused.
func (t *lausTable) close() {
	t.status = store.StatusCancelled
	t.stopTimers()
	t.b.mu.Lock()
	delete(t.b.laus, t.id)
	for k, v := range t.b.lausSeats {
		if v == t.id {
			delete(t.b.lausSeats, k)
		}
	}
	t.b.mu.Unlock()
}

// armIdle closes the table if nobody starts it (or, after a match, plays again).
func (t *lausTable) armIdle(d time.Duration) {
	if t.stopIdle != nil {
		t.stopIdle()
	}
	match := t.settings.MatchNo
	t.stopIdle = t.act.after(d, func() {
		if t.settings.MatchNo != match || t.status == store.StatusPlaying {
			return
		}
		if t.status == store.StatusLobby {
			t.cancel(context.Background(), nil, "closed: nobody started it in time")
			return
		}
		t.close()
		t.out.SetPublic(lausPublic(t.screen(-1)).withoutButtons(), false)
	})
}

func (t *lausTable) stopTimers() {
	for _, stop := range []func() bool{t.stopTurn, t.stopIdle} {
		if stop != nil {
			stop()
		}
	}
}

func (t *lausTable) saveMessageID(id string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := t.b.store.UpdateGame(ctx, t.gameID, store.GameUpdate{MessageID: &id}); err != nil {
		t.b.log.Warn("storing the table message ID", "table", t.id, "err", err)
	}
}
