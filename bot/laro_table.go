package bot

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// maxLaroSeats is the most players a Laro table seats.
const maxLaroSeats = 6

// laroTable is one Laro table: the shared table core plus its current game
// and everything around the game that the engine does not know (stakes, the
// claim window, timeouts). All of its fields are owned by its actor's
// goroutine; nothing else reads or writes them.
type laroTable struct {
	tableCore
	settings laroSettings
	seed     uint64
	game     *laro.Game // nil while in the lobby
	moves    int        // engine actions so far: the version hand buttons and timers carry
	pot      int64

	result   []string
	window   *claimWindow
	choice   *laroChoice
	notes    []string // per seat: why its last move came to nothing (see moved)
	timeouts []int    // turns in a row each seat timed out
	autoplay []bool
}

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
	if id, ok := b.seatOf("laro", in.GuildID, in.UserID); ok {
		return ephemeralText(fmt.Sprintf("You already sit at Laro table **%s** in this server. Leave it first (or finish its game).", id))
	}
	if s.staked() {
		if r := b.needChips(ctx, in.GuildID, in.UserID, s.escrow()); r != nil {
			return r
		}
	}
	t := &laroTable{tableCore: newTableCore(b, "laro", in), settings: s}
	if r := b.openTable(ctx, t, in); r != nil {
		return r
	}
	return ephemeralText(fmt.Sprintf("Your Laro table **%s** is open in this channel. Players click **Join**; you click **Start** when everyone is in.", t.id))
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

// The lobby's Laro parts (see lobbyGame).

func (t *laroTable) maxSeats() int                 { return maxLaroSeats }
func (t *laroTable) settingsJSON() json.RawMessage { return t.settings.marshal() }
func (t *laroTable) number() int                   { return t.settings.GameNo }
func (t *laroTable) finalView() rendering          { return laroPublic(t.screen(-1)) }

// canJoin asks a staked table's newcomer for the chips one game can cost.
func (t *laroTable) canJoin(ctx context.Context, in *Input) *Reply {
	if !t.settings.staked() {
		return nil
	}
	return t.b.needChips(ctx, t.guild, in.UserID, t.settings.escrow())
}

// computerAdded unstakes the table, so chips cannot be farmed from
// computer seats.
func (t *laroTable) computerAdded() (undo func()) {
	old := t.settings
	t.settings.Stake, t.settings.Ante = 0, 0
	return func() { t.settings = old }
}

// handle runs on the table's goroutine and answers one click.
func (t *laroTable) handle(ctx context.Context, in *Input) *Reply {
	c := in.Component
	if t.status == store.StatusLobby {
		return lobbyClick(ctx, t, in, func() *Reply { return t.start(ctx, in) })
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
	return rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: lobbyButtons("laro", t.id)}
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
	if t.choice != nil && t.choice.stop != nil {
		t.choice.stop()
	}
}
