package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/store"
)

// A table is one live table of either game. Every method runs on the
// table's own actor goroutine.
type table interface {
	core() *tableCore
	// handle answers one click on the table's components.
	handle(ctx context.Context, in *Input) *Reply
	// stopTimers stops every timer the table has armed.
	stopTimers()
}

// lobbyGame is what a game adds to the shared lobby: its limits, its extra
// check on joining (chips, for Laro), its settings and its views.
type lobbyGame interface {
	table
	maxSeats() int
	canJoin(ctx context.Context, in *Input) *Reply // nil when the player may sit down
	computerAdded() (undo func())                  // a computer seat was added
	settingsJSON() json.RawMessage
	lobbyView() rendering
	number() int          // the game or match number at this table
	finalView() rendering // the table message of a table closed after a game
}

// tableCore is what every table has, whatever its game: who and where it
// is, its seats, its lifecycle, its goroutine, its outbox and the players'
// open hand messages. Game tables embed it.
type tableCore struct {
	b       *Bot
	kind    string // "laro" or "laus": in custom_ids, the registries and messages
	title   string // "Laro" or "Laus"
	id      string // table ID, in custom_ids and titles
	guild   string
	channel string
	host    string
	seats   []seat
	status  store.Status
	gameID  string // the store's ID of the current game or match
	seq     int64  // last stored action of the current game or match

	act *actor
	out *outbox

	events   []string
	hands    map[string]handToken // open hand messages, by user
	deadline time.Time
	stopTurn func() bool
	stopIdle func() bool // closes an unstarted or finished table
}

func newTableCore(b *Bot, kind string, in *Input) tableCore {
	title := map[string]string{"laro": "Laro", "laus": "Laus"}[kind]
	return tableCore{
		b: b, kind: kind, title: title, id: newTableID(), guild: in.GuildID, channel: in.ChannelID, host: in.UserID,
		seats: []seat{{UserID: in.UserID, Name: in.UserName}}, status: store.StatusLobby, hands: map[string]handToken{},
	}
}

// restoredCore rebuilds a table's core from its stored game after a restart.
func restoredCore(b *Bot, g store.Game) tableCore {
	kind := g.Kind.String()
	return tableCore{
		b: b, kind: kind, title: map[string]string{"laro": "Laro", "laus": "Laus"}[kind], id: g.TableID,
		guild: g.Guild, channel: g.Channel, host: g.Host, seats: seatsFromStore(g.Seats), status: g.Status,
		gameID: g.ID, hands: map[string]handToken{},
	}
}

func (c *tableCore) core() *tableCore { return c }

// handToken is a player's latest interaction on their hand message; its
// token lets the table update that message for 15 minutes.
type handToken struct {
	i  *discordgo.Interaction
	at time.Time
}

// tokenLife is how long a table keeps editing a hand message through an
// interaction token; Discord's limit is 15 minutes, minus a safety margin.
const tokenLife = 14 * time.Minute

// tableKey names a live table in the registry.
type tableKey struct{ kind, id string }

// seatKey names one player of one game in one server: a player sits at
// one table per game per server at a time.
type seatKey struct{ kind, guild, user string }

// openTable posts a new table's lobby, stores it and starts it: the shared
// part of /laro new and /laus new. The host's seat is reserved before any
// I/O, so two quick /new commands cannot open two tables for one host; a
// table that cannot open gives the seat back.
func (b *Bot) openTable(ctx context.Context, t lobbyGame, in *Input) *Reply {
	c := t.core()
	if other, ok := b.claimSeat(c.kind, c.guild, c.host, c.id); !ok {
		return ephemeralText(fmt.Sprintf("You already sit at %s table **%s** in this server. Leave it first (or finish its game).", c.title, other))
	}
	g, err := b.store.CreateGame(ctx, store.Game{
		TableID: c.id, Kind: storeKind(c.kind), Guild: c.guild, Channel: c.channel, Host: c.host,
		Settings: t.settingsJSON(), Seats: storeSeats(c.seats), Status: store.StatusLobby,
		Deadline: store.Deadline{At: time.Now().Add(b.opts.LobbyTimeout), Kind: "idle"},
	})
	if err != nil {
		b.releaseSeat(c.kind, c.guild, c.host, c.id)
		b.log.Error("creating a table", "kind", c.kind, "err", err)
		return ephemeralText(msgSomethingWrong)
	}
	c.gameID = g.ID
	lobby := t.lobbyView()
	msg, err := b.session.ChannelMessageSendComplex(in.ChannelID, &discordgo.MessageSend{
		Embeds: lobby.Embeds, Components: lobby.Components,
	})
	if err != nil {
		b.releaseSeat(c.kind, c.guild, c.host, c.id)
		cancelled := store.StatusCancelled
		_, _ = b.store.UpdateGame(ctx, g.ID, store.GameUpdate{Status: &cancelled})
		return ephemeralText(fmt.Sprintf("I could not post the table in this channel. Give cardbot the **View Channel**, **Send Messages**, "+
			"**Embed Links** and **Read Message History** permissions here, then try `/%s new` again.", c.kind))
	}
	if _, err := b.store.UpdateGame(ctx, g.ID, store.GameUpdate{MessageID: &msg.ID}); err != nil {
		b.log.Warn("storing the table message ID", "table", c.id, "err", err)
	}
	b.startTable(t, msg.ID)
	c.act.post(func() { armIdle(t, b.opts.LobbyTimeout) })
	return nil
}

func storeKind(kind string) store.Kind {
	if kind == "laus" {
		return store.KindLaus
	}
	return store.KindLaro
}

// startTable registers a table (new or rebuilt) and starts its goroutines.
func (b *Bot) startTable(t table, messageID string) {
	c := t.core()
	c.act = newActor()
	c.out = newOutbox(b.session, b.log.With("table", c.id), c.channel, messageID, b.opts.PublicEvery, func(id string) {
		c.act.post(func() { c.saveMessageID(id) })
	})
	b.mu.Lock()
	b.tables[tableKey{c.kind, c.id}] = t
	for _, s := range c.seats {
		if !s.Computer && !c.status.Closed() {
			b.seats[seatKey{c.kind, c.guild, s.UserID}] = c.id
		}
	}
	b.mu.Unlock()
	b.running.Add(2)
	go func() { defer b.running.Done(); c.out.run(b.ctx) }()
	go func() { defer b.running.Done(); c.act.run(b.ctx, t.stopTimers) }()
}

// resumeLobby restarts a rebuilt table that was still in its lobby.
func (b *Bot) resumeLobby(t lobbyGame, g store.Game) {
	b.startTable(t, g.MessageID)
	c := t.core()
	c.act.post(func() {
		armIdle(t, max(time.Until(g.Deadline.At), time.Second))
		c.out.SetPublic(t.lobbyView(), g.MessageID == "")
	})
}

// gameLog loads a running game's stored log for a rebuild: its first
// record is the start record (the seed), the rest its actions in order.
func (b *Bot) gameLog(ctx context.Context, g store.Game) ([]store.ActionRecord, error) {
	_, recs, err := b.store.LoadGame(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("a running game with an empty log")
	}
	return recs, nil
}

// routeComponent sends a click to the table it belongs to.
func (b *Bot) routeComponent(ctx context.Context, in *Input) *Reply {
	id := in.Component
	b.mu.Lock()
	t := b.tables[tableKey{id.Game, id.Table}]
	b.mu.Unlock()
	if t == nil || t.core().guild != in.GuildID {
		return ephemeralText(fmt.Sprintf("This table has closed. Open a new one with `/%s new`.", id.Game))
	}
	if r := t.core().act.call(ctx, func() *Reply { return withProblem(t, t.handle(ctx, in)) }); r != nil {
		return r
	}
	return ephemeralText("The table is busy or restarting; please click again.")
}

// withProblem tells whoever clicks next what Discord refused the table:
// every answer a table gives is ephemeral or edits the clicker's own hand.
func withProblem(t table, r *Reply) *Reply {
	if p := t.core().out.Problem(); p != "" && r != nil && r.Data != nil {
		r.Data.Content = "⚠️ " + p + "\n\n" + r.Data.Content
	}
	return r
}

// seatOf returns the table of kind a player sits at in a guild.
func (b *Bot) seatOf(kind, guild, user string) (string, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	id, ok := b.seats[seatKey{kind, guild, user}]
	return id, ok
}

// claimSeat seats a player at table unless they already sit elsewhere:
// checked and recorded at once, so two racing clicks cannot both succeed.
func (b *Bot) claimSeat(kind, guild, user, table string) (other string, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if cur, taken := b.seats[seatKey{kind, guild, user}]; taken && cur != table {
		return cur, false
	}
	b.seats[seatKey{kind, guild, user}] = table
	return "", true
}

// claimSeats seats every one of users at table, or, if any of them sits
// elsewhere, none: it returns the first such user and their table.
func (b *Bot) claimSeats(kind, guild string, users []string, table string) (user, other string, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, u := range users {
		if cur, taken := b.seats[seatKey{kind, guild, u}]; taken && cur != table {
			return u, cur, false
		}
	}
	for _, u := range users {
		b.seats[seatKey{kind, guild, u}] = table
	}
	return "", "", true
}

// releaseSeat gives back a seat claimed at table, if the player still
// holds it there.
func (b *Bot) releaseSeat(kind, guild, user, table string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.seats[seatKey{kind, guild, user}] == table {
		delete(b.seats, seatKey{kind, guild, user})
	}
}

// saveSeats stores the seats and settings after a lobby change.
func (c *tableCore) saveSeats(ctx context.Context, settings json.RawMessage) error {
	_, err := c.b.store.UpdateGame(ctx, c.gameID, store.GameUpdate{Seats: storeSeats(c.seats), Settings: settings})
	if err != nil {
		c.b.log.Error("saving seats", "table", c.id, "err", err)
	}
	return err
}

func (c *tableCore) saveMessageID(id string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := c.b.store.UpdateGame(ctx, c.gameID, store.GameUpdate{MessageID: &id}); err != nil {
		c.b.log.Warn("storing the table message ID", "table", c.id, "err", err)
	}
}

// freeSeats lets the table's people sit elsewhere (after a game).
func (c *tableCore) freeSeats() {
	for _, s := range c.seats {
		if !s.Computer {
			c.b.releaseSeat(c.kind, c.guild, s.UserID, c.id)
		}
	}
}

// mySeat returns the clicking user's seat, or a refusal.
func (c *tableCore) mySeat(in *Input) (int, *Reply) {
	i := seatOf(c.seats, in.UserID)
	if i < 0 {
		return -1, ephemeralText("You are not seated at this table. You can follow it on the table message, or join its next game.")
	}
	return i, nil
}

// answerHand answers a click with the clicker's hand view v and remembers
// the interaction, whose token lets the table update that message later.
// A click on the public table (fromTable), or a forged one on any message
// others can see, gets a new private message: a hand never replaces a
// message anyone else sees.
func (c *tableCore) answerHand(in *Input, v rendering, fromTable bool) *Reply {
	c.adoptHand(in.UserID, in.linkPrivately(), in.At)
	if fromTable || !in.onEphemeral() {
		return ephemeralMessage("", v.Embeds, v.Components)
	}
	return privateUpdate("", v.Embeds, v.Components)
}

// adoptHand makes the message of interaction i (created at at) the
// player's hand message, and stores its token so that after a restart the
// table can still update it while the token lives. Losing the stored token
// costs only that convenience, so a failure is logged, not shown.
//
// i must come from Input.linkPrivately, which makes the router answer it
// with a message ephemeral for its user; and that user must be the player,
// or someone else would be shown this hand.
func (c *tableCore) adoptHand(user string, i *discordgo.Interaction, at time.Time) {
	if u := interactionUser(i); u == nil || u.ID != user {
		c.b.log.Error("refused to link a hand to another person's interaction", "table", c.id)
		return
	}
	c.hands[user] = handToken{i: i, at: at}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	err := c.b.store.SaveHandToken(ctx, c.gameID, store.HandToken{
		User: user, AppID: i.AppID, InteractionID: i.ID, Token: i.Token, OpenedAt: at,
	})
	if err != nil {
		c.b.log.Warn("storing a hand token", "table", c.id, "err", err)
	}
}

// loadHands takes back the hand tokens still alive after a restart.
func (c *tableCore) loadHands(ctx context.Context) {
	tokens, err := c.b.store.HandTokens(ctx, c.gameID, time.Now().Add(-tokenLife))
	if err != nil {
		c.b.log.Warn("loading hand tokens", "table", c.id, "err", err)
		return
	}
	for _, h := range tokens {
		i := &discordgo.Interaction{ID: h.InteractionID, AppID: h.AppID, Token: h.Token}
		c.hands[h.User] = handToken{i: i, at: h.OpenedAt}
	}
}

// refreshHands redraws every open hand message but actor's (whose own click
// is answered directly), forgetting those whose token has run out.
func (c *tableCore) refreshHands(actor string, hand func(seat int, user string) rendering) {
	for user, h := range c.hands {
		if user == actor {
			continue
		}
		if time.Since(h.at) > tokenLife {
			delete(c.hands, user)
			continue
		}
		if s := seatOf(c.seats, user); s >= 0 {
			c.out.SetEphemeral("hand:"+user, h.i, hand(s, user))
		}
	}
}

// nextGame readies a finished table for its next game: it checks that
// every person seated is still free to play here, stores the new game with
// settings and seats them at it. undo reverses that when the new game
// cannot begin; r is a refusal instead.
func (c *tableCore) nextGame(ctx context.Context, settings json.RawMessage) (id string, undo func(), r *Reply) {
	var people []string
	for _, s := range c.seats {
		if !s.Computer {
			people = append(people, s.UserID)
		}
	}
	// Seats are claimed before any I/O, all or none, so nobody can open
	// another table meanwhile and end up seated at two.
	if user, other, ok := c.b.claimSeats(c.kind, c.guild, people, c.id); !ok {
		return "", nil, ephemeralText(fmt.Sprintf("<@%s> now sits at %s table **%s**, so this table cannot play again. "+
			"Open a new one with `/%s new`.", user, c.title, other, c.kind))
	}
	g, err := c.b.store.CreateGame(ctx, store.Game{
		TableID: c.id, Kind: storeKind(c.kind), Guild: c.guild, Channel: c.channel, Host: c.host,
		Settings: settings, Seats: storeSeats(c.seats), Status: store.StatusLobby,
	})
	if err != nil {
		c.freeSeats()
		c.b.log.Error("creating the next game", "table", c.id, "err", err)
		return "", nil, ephemeralText(msgSomethingWrong)
	}
	undo = func() {
		cancelled := store.StatusCancelled
		_, _ = c.b.store.UpdateGame(ctx, g.ID, store.GameUpdate{Status: &cancelled})
		c.freeSeats()
	}
	return g.ID, undo, nil
}

// event adds a line to the table message's recent events.
func (c *tableCore) event(s string) {
	c.events = append(c.events, s)
	if len(c.events) > maxEvents {
		c.events = c.events[len(c.events)-maxEvents:]
	}
}

// closedView replaces a lobby or finished table message once it is over.
func (c *tableCore) closedView(why string) rendering {
	return rendering{Embeds: []*discordgo.MessageEmbed{{
		Title: fmt.Sprintf("%s · table %s", c.title, c.id), Description: why, Color: 0x777777,
	}}, Components: []discordgo.MessageComponent{}}
}

// closeTable forgets a table: its timers stop, its seats are free and its
// clicks are refused.
func closeTable(t table) {
	c := t.core()
	c.status = store.StatusCancelled
	t.stopTimers()
	c.b.mu.Lock()
	delete(c.b.tables, tableKey{c.kind, c.id})
	for k, v := range c.b.seats {
		if k.kind == c.kind && v == c.id {
			delete(c.b.seats, k)
		}
	}
	c.b.mu.Unlock()
}

// armIdle closes the table if nobody starts it (or, after a game, plays again).
func armIdle(t lobbyGame, d time.Duration) {
	c := t.core()
	if c.stopIdle != nil {
		c.stopIdle()
	}
	n := t.number()
	c.stopIdle = c.act.after(d, func() {
		if t.number() != n || c.status == store.StatusPlaying {
			return
		}
		if c.status == store.StatusLobby {
			cancelTable(context.Background(), t, nil, "closed: nobody started it in time")
			return
		}
		closeTable(t)
		c.out.SetPublic(t.finalView().withoutButtons(), false)
	})
}

// withoutButtons drops a rendering's components (a closed table).
func (r rendering) withoutButtons() rendering {
	r.Components = []discordgo.MessageComponent{}
	return r
}
