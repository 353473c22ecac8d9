package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// maxLaroSeats is the most players a Laro table seats.
const maxLaroSeats = 6

// laroTable is one Laro table: its lobby, its current game and everything
// around the game that the engine does not know (seats, timers, the claim
// window, open hand messages). All of its fields are owned by its actor's
// goroutine; nothing else reads or writes them.
type laroTable struct {
	b        *Bot
	id       string // table ID, in custom_ids and titles
	guild    string
	channel  string
	host     string
	settings laroSettings
	seats    []seat
	status   store.Status
	gameID   string // the store's ID of the current game
	seq      int64  // last stored action of the current game
	seed     uint64
	game     *laro.Game // nil while in the lobby
	pot      int64

	act *actor
	out *outbox

	events   []string
	result   []string
	hands    map[string]handToken // open hand messages, by user
	window   *claimWindow
	choice   *laroChoice
	timeouts []int // turns in a row each seat timed out
	autoplay []bool
	deadline time.Time
	stopTurn func() bool
	stopIdle func() bool // closes an unstarted or finished table
}

// handToken is a player's latest interaction on their hand message; its
// token lets the table update that message for 15 minutes.
type handToken struct {
	i  *discordgo.Interaction
	at time.Time
}

// tokenLife is how long the table keeps editing a hand message through an
// interaction token; Discord's limit is 15 minutes, minus a safety margin.
const tokenLife = 14 * time.Minute

// laroNew handles /laro new: it checks the options, opens a lobby with the
// host seated, posts the table message and tells the host it is there.
func (b *Bot) laroNew(ctx context.Context, in *Input) *Reply {
	s := laroSettings{
		Stake:         in.Options.Int("stake", defaultStake),
		Ante:          in.Options.Int("ante", defaultAnte),
		ClaimWindowMS: in.Options.Int("claim_window", defaultClaimWindow) * 1000,
		TurnTimerS:    in.Options.Int("turn_timer", defaultTurnTimer),
		GameNo:        1,
	}
	// Discord enforces these ranges in its client, but a forged request does not.
	switch {
	case s.Stake < minStake || s.Stake > maxStake:
		return ephemeralText(fmt.Sprintf("The stake must be between %d and %d chips per point.", minStake, maxStake))
	case s.Ante < minAnte || s.Ante > maxAnte:
		return ephemeralText(fmt.Sprintf("The ante must be between %d and %d chips.", minAnte, maxAnte))
	case s.ClaimWindowMS < minClaimWindow*1000 || s.ClaimWindowMS > maxClaimWindow*1000:
		return ephemeralText(fmt.Sprintf("The claim window must be between %d and %d seconds.", minClaimWindow, maxClaimWindow))
	case s.TurnTimerS < minTurnTimer || s.TurnTimerS > maxTurnTimer:
		return ephemeralText(fmt.Sprintf("The turn timer must be between %d and %d seconds.", minTurnTimer, maxTurnTimer))
	}
	if id, ok := b.laroSeatOf(in.GuildID, in.UserID); ok {
		return ephemeralText(fmt.Sprintf("You already sit at Laro table **%s** in this server. Leave it first (or finish its game).", id))
	}
	if s.staked() {
		if r := b.needChips(ctx, in.GuildID, in.UserID, s.escrow()); r != nil {
			return r
		}
	}
	t := &laroTable{
		b: b, id: newTableID(), guild: in.GuildID, channel: in.ChannelID, host: in.UserID,
		settings: s, seats: []seat{{UserID: in.UserID, Name: in.UserName}}, status: store.StatusLobby,
		hands: map[string]handToken{},
	}
	g, err := b.store.CreateGame(ctx, store.Game{
		TableID: t.id, Kind: store.KindLaro, Guild: t.guild, Channel: t.channel, Host: t.host,
		Settings: s.marshal(), Seats: storeSeats(t.seats), Status: store.StatusLobby,
		Deadline: store.Deadline{At: time.Now().Add(b.opts.LobbyTimeout), Kind: "idle"},
	})
	if err != nil {
		b.log.Error("creating a Laro table", "err", err)
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
			"**Embed Links** and **Read Message History** permissions here, then try `/laro new` again.")
	}
	if _, err := b.store.UpdateGame(ctx, g.ID, store.GameUpdate{MessageID: &msg.ID}); err != nil {
		b.log.Warn("storing the table message ID", "table", t.id, "err", err)
	}
	b.startLaro(t, msg.ID)
	t.act.post(func() { t.armIdle(b.opts.LobbyTimeout) })
	return ephemeralText(fmt.Sprintf("Your Laro table **%s** is open in this channel. Players click **Join**; you click **Start** when everyone is in.", t.id))
}

// startLaro registers a table and starts its goroutines.
func (b *Bot) startLaro(t *laroTable, messageID string) {
	t.act = newActor()
	t.out = newOutbox(b.session, b.log.With("table", t.id), t.channel, messageID, b.opts.PublicEvery, func(id string) {
		t.act.post(func() { t.saveMessageID(id) })
	})
	b.mu.Lock()
	b.laro[t.id] = t
	for _, s := range t.seats {
		if !s.Computer && !t.status.Closed() {
			b.seats[seatKey{t.guild, s.UserID}] = t.id
		}
	}
	b.mu.Unlock()
	b.tables.Add(2)
	go func() { defer b.tables.Done(); t.out.run(b.ctx) }()
	go func() { defer b.tables.Done(); t.act.run(b.ctx, t.stopTimers) }()
}

// laroSeatOf returns the Laro table a player sits at in a guild.
func (b *Bot) laroSeatOf(guild, user string) (string, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	id, ok := b.seats[seatKey{guild, user}]
	return id, ok
}

// setLaroSeat records (or with "" clears) where a player sits.
func (b *Bot) setLaroSeat(guild, user, table string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if table == "" {
		delete(b.seats, seatKey{guild, user})
	} else {
		b.seats[seatKey{guild, user}] = table
	}
}

// claimLaroSeat seats a player at table unless they already sit elsewhere.
func (b *Bot) claimLaroSeat(guild, user, table string) (other string, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if cur, taken := b.seats[seatKey{guild, user}]; taken && cur != table {
		return cur, false
	}
	b.seats[seatKey{guild, user}] = table
	return "", true
}

// needChips returns a refusal if the player has less than need free chips.
func (b *Bot) needChips(ctx context.Context, guild, user string, need int64) *Reply {
	bal, err := b.store.Balance(ctx, guild, user)
	if err != nil {
		b.log.Error("reading a balance", "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	if bal.Free < need {
		return ephemeralText(fmt.Sprintf("This table needs **%d** free chips to sit down (ante + 15 × stake, held until the game ends). "+
			"You have %d free, so you are **%d chips short**. Try `/chips daily`, or a table with a lower stake.", need, bal.Free, need-bal.Free))
	}
	return nil
}

func storeSeats(seats []seat) []store.Seat {
	out := make([]store.Seat, len(seats))
	for i, s := range seats {
		out[i] = store.Seat{User: s.UserID, Computer: s.Computer}
	}
	return out
}

// seatsFromStore rebuilds seats after a restart. Names of people are not
// stored: tables mention people by ID, and Discord shows their names.
func seatsFromStore(ss []store.Seat) []seat {
	out := make([]seat, 0, len(ss))
	for _, s := range ss {
		if s.Computer {
			out = append(out, seat{Computer: true, Name: nextComputerName(out)})
		} else {
			out = append(out, seat{UserID: s.User, Name: s.User})
		}
	}
	return out
}

// routeComponent sends a click to the table it belongs to.
func (b *Bot) routeComponent(ctx context.Context, in *Input) *Reply {
	switch in.Component.Game {
	case "laro":
		b.mu.Lock()
		t := b.laro[in.Component.Table]
		b.mu.Unlock()
		if t == nil || t.guild != in.GuildID {
			return ephemeralText("This Laro table has closed. Open a new one with `/laro new`.")
		}
		if r := t.act.call(ctx, func() *Reply { return t.handle(ctx, in) }); r != nil {
			return r
		}
	case "laus":
		return b.routeLaus(ctx, in)
	}
	return ephemeralText("The table is busy or restarting; please click again.")
}

// handle runs on the table's goroutine and answers one click.
func (t *laroTable) handle(ctx context.Context, in *Input) *Reply {
	r := t.dispatch(ctx, in)
	// Whoever clicks next learns what Discord refused the table; every
	// answer here is ephemeral or edits the clicker's own hand message.
	if p := t.out.Problem(); p != "" && r != nil && r.Data != nil {
		r.Data.Content = strings.TrimSpace("⚠️ " + p + "\n\n" + r.Data.Content)
	}
	return r
}

func (t *laroTable) dispatch(ctx context.Context, in *Input) *Reply {
	c := in.Component
	if t.status == store.StatusLobby {
		if c.Turn != 0 {
			return ephemeralText("That button belongs to an earlier game at this table.")
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
		return ephemeralText("The game has not started yet: wait for the host to click **Start**.")
	}
	if t.game == nil {
		return ephemeralText("This Laro table has closed. Open a new one with `/laro new`.")
	}
	switch c.Verb {
	case "join", "computer", "start", "cancel":
		return ephemeralText("This table's game has already started.")
	case "hand", "laro", "again", "leave":
		// Buttons on the table message carry the game number.
		if c.Turn != t.settings.GameNo {
			return ephemeralText("That button belongs to an earlier game at this table.")
		}
	}
	switch c.Verb {
	case "hand", "refresh":
		return t.showHand(in)
	case "laro":
		return t.call(in)
	case "draw", "discard", "win", "lay":
		return t.move(ctx, in)
	case "again":
		return t.playAgain(ctx, in)
	case "leave":
		return t.leaveAfterGame(ctx, in)
	}
	return ephemeralText("That button is not one of this table's.")
}

// lobbyView renders the lobby message.
func (t *laroTable) lobbyView() rendering {
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("Laro · table %s", t.id),
		Description: fmt.Sprintf("Hosted by <@%s>. Click **Join** to sit down (up to %d players).", t.host, maxLaroSeats),
		Color:       0x2b7a78,
		Fields: []*discordgo.MessageEmbedField{
			{Name: "Seats", Value: seatList(t.seats, maxLaroSeats)},
			{Name: "Settings", Value: t.settings.rulesText()},
		},
	}
	id := func(verb string) string { return ComponentID{Game: "laro", Table: t.id, Verb: verb}.String() }
	row := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Join", Style: discordgo.SuccessButton, CustomID: id("join")},
		discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: id("leave")},
		discordgo.Button{Label: "Add computer", Style: discordgo.SecondaryButton, CustomID: id("computer")},
		discordgo.Button{Label: "Start", Style: discordgo.PrimaryButton, CustomID: id("start")},
		discordgo.Button{Label: "Cancel", Style: discordgo.DangerButton, CustomID: id("cancel")},
	}}
	return rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{row}}
}

// closedView replaces a lobby or finished table message once it is over.
func (t *laroTable) closedView(why string) rendering {
	return rendering{Embeds: []*discordgo.MessageEmbed{{
		Title: fmt.Sprintf("Laro · table %s", t.id), Description: why, Color: 0x777777,
	}}, Components: []discordgo.MessageComponent{}}
}

func (t *laroTable) join(ctx context.Context, in *Input) *Reply {
	if seatOf(t.seats, in.UserID) >= 0 {
		return ephemeralText("You are already seated at this table.")
	}
	if len(t.seats) >= maxLaroSeats {
		return ephemeralText("This table is full (6 players).")
	}
	if t.settings.staked() {
		if r := t.b.needChips(ctx, t.guild, in.UserID, t.settings.escrow()); r != nil {
			return r
		}
	}
	if other, ok := t.b.claimLaroSeat(t.guild, in.UserID, t.id); !ok {
		return ephemeralText(fmt.Sprintf("You already sit at Laro table **%s** in this server. Leave it first.", other))
	}
	t.seats = append(t.seats, seat{UserID: in.UserID, Name: in.UserName})
	if err := t.saveSeats(ctx); err != nil {
		t.seats = t.seats[:len(t.seats)-1]
		t.b.setLaroSeat(t.guild, in.UserID, "")
		return ephemeralText(msgSomethingWrong)
	}
	return t.lobbyUpdate()
}

// lobbyUpdate answers a lobby click by redrawing the lobby message.
func (t *laroTable) lobbyUpdate() *Reply {
	v := t.lobbyView()
	return updateMessage("", v.Embeds, v.Components)
}

func (t *laroTable) saveSeats(ctx context.Context) error {
	_, err := t.b.store.UpdateGame(ctx, t.gameID, store.GameUpdate{Seats: storeSeats(t.seats), Settings: t.settings.marshal()})
	if err != nil {
		t.b.log.Error("saving seats", "table", t.id, "err", err)
	}
	return err
}

func (t *laroTable) leaveLobby(ctx context.Context, in *Input) *Reply {
	i := seatOf(t.seats, in.UserID)
	if i < 0 {
		return ephemeralText("You are not seated at this table.")
	}
	old, oldHost := t.seats, t.host
	t.seats = append(append([]seat{}, t.seats[:i]...), t.seats[i+1:]...)
	if in.UserID == t.host {
		next, ok := firstHuman(t.seats)
		if !ok {
			t.seats = old
			return t.cancel(ctx, in, "closed: the host left and nobody else was seated")
		}
		t.host = next
	}
	if err := t.saveSeats(ctx); err != nil {
		t.seats, t.host = old, oldHost
		return ephemeralText(msgSomethingWrong)
	}
	t.b.setLaroSeat(t.guild, in.UserID, "")
	return t.lobbyUpdate()
}

func (t *laroTable) addComputer(ctx context.Context, in *Input) *Reply {
	if in.UserID != t.host {
		return ephemeralText("Only the host can add computer players.")
	}
	if len(t.seats) >= maxLaroSeats {
		return ephemeralText("This table is full (6 players).")
	}
	old := t.settings
	t.seats = append(t.seats, seat{Computer: true, Name: nextComputerName(t.seats)})
	// RULES.md: a table with a computer seat is unstaked, so chips cannot be farmed.
	t.settings.Stake, t.settings.Ante = 0, 0
	if err := t.saveSeats(ctx); err != nil {
		t.seats, t.settings = t.seats[:len(t.seats)-1], old
		return ephemeralText(msgSomethingWrong)
	}
	return t.lobbyUpdate()
}

func (t *laroTable) cancel(ctx context.Context, in *Input, why string) *Reply {
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
func (t *laroTable) close() {
	t.status = store.StatusCancelled
	t.stopTimers()
	t.b.mu.Lock()
	delete(t.b.laro, t.id)
	for k, v := range t.b.seats {
		if v == t.id {
			delete(t.b.seats, k)
		}
	}
	t.b.mu.Unlock()
}

// armIdle closes the table if nobody starts it (or, after a game, plays again).
func (t *laroTable) armIdle(d time.Duration) {
	if t.stopIdle != nil {
		t.stopIdle()
	}
	game := t.settings.GameNo
	t.stopIdle = t.act.after(d, func() {
		if t.settings.GameNo != game || t.status == store.StatusPlaying {
			return
		}
		if t.status == store.StatusLobby {
			t.cancel(context.Background(), nil, "closed: nobody started it in time")
			return
		}
		t.close()
		t.out.SetPublic(laroPublic(t.screen(-1)).withoutButtons(), false)
	})
}

func (t *laroTable) stopTimers() {
	for _, stop := range []func() bool{t.stopTurn, t.stopIdle} {
		if stop != nil {
			stop()
		}
	}
	if t.window != nil && t.window.stop != nil {
		t.window.stop()
	}
}

func (t *laroTable) saveMessageID(id string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := t.b.store.UpdateGame(ctx, t.gameID, store.GameUpdate{MessageID: &id}); err != nil {
		t.b.log.Warn("storing the table message ID", "table", t.id, "err", err)
	}
}

// withoutButtons drops a rendering's components (a closed table).
func (r rendering) withoutButtons() rendering {
	r.Components = []discordgo.MessageComponent{}
	return r
}
