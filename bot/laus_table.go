package bot

import (
	"context"
	"encoding/json"
	"fmt"

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

// lausTable is one Laus table: the shared table core plus its current
// match and everything around it that the engine does not know (timeouts,
// who is being played for). All of its fields are owned by its actor's
// goroutine; nothing else reads or writes them.
type lausTable struct {
	tableCore
	settings lausSettings
	seed     uint64
	match    *laus.Match // nil while in the lobby

	timeouts []int  // turns in a row each seat timed out
	afk      []bool // the computer keeps this seat until "I'm back"
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
	if id, ok := b.seatOf("laus", in.GuildID, in.UserID); ok {
		return ephemeralText(fmt.Sprintf("You already sit at Laus table **%s** in this server. Leave it first (or finish its match).", id))
	}
	t := &lausTable{tableCore: newTableCore(b, "laus", in), settings: s}
	if r := b.openTable(ctx, t, in); r != nil {
		return r
	}
	return ephemeralText(fmt.Sprintf("Your Laus table **%s** is open in this channel. Players click **Join** (3 or 4 in all, "+
		"or add computer players); you click **Start** when everyone is in.", t.id))
}

// The lobby's Laus parts (see lobbyGame).

func (t *lausTable) maxSeats() int                          { return maxLausSeats }
func (t *lausTable) settingsJSON() json.RawMessage          { return t.settings.marshal() }
func (t *lausTable) number() int                            { return t.settings.MatchNo }
func (t *lausTable) finalView() rendering                   { return lausPublic(t.screen(-1)) }
func (t *lausTable) canJoin(context.Context, *Input) *Reply { return nil }
func (t *lausTable) computerAdded() (undo func())           { return func() {} }

// handle runs on the table's goroutine and answers one click.
func (t *lausTable) handle(ctx context.Context, in *Input) *Reply {
	c := in.Component
	if t.status == store.StatusLobby {
		return lobbyClick(ctx, t, in, func() *Reply { return t.start(ctx, in) })
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
	return rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: lobbyButtons("laus", t.id)}
}

func (t *lausTable) stopTimers() {
	for _, stop := range []func() bool{t.stopTurn, t.stopIdle} {
		if stop != nil {
			stop()
		}
	}
}
