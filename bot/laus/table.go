package laus

import (
	"context"
	"encoding/json"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
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
	MatchNo    int   `json:"match_no"`         // 1 for the table's first match
	Thread     bool  `json:"thread,omitempty"` // each match is played in a thread of its own
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
	table.Core
	settings lausSettings
	seed     uint64
	match    *rules.Match // nil while in the lobby

	timeouts []int  // turns in a row each seat timed out
	afk      []bool // the computer keeps this seat until "I'm back"

	sum summaryMessage // the match's summary message (summary_message.go)
}

// newTable handles /laus new: it checks the options, opens a lobby with the
// host seated, posts the table message and tells the host it is there.
func (g *Game) newTable(ctx context.Context, in *ui.Input) *ui.Reply {
	// An option left out takes the server's default, then the bot's own.
	def := g.env.GuildDefaults(ctx, in.GuildID)
	target := in.Options.Int("target", table.Or(targetSetting.Value(def), defaultTarget))
	s := lausSettings{
		TurnTimerS: in.Options.Int("turn_timer", table.Or(def.TurnTimerS, table.DefaultTurnTimer)),
		MatchNo:    1,
	}
	// Discord enforces these ranges in its client, but a forged request does
	// not; a server default was checked when it was set, and again here.
	for _, why := range []string{checkTarget(in.Lang(), target), table.CheckTurnTimerIn(in.Lang(), s.TurnTimerS)} {
		if why != "" {
			return ui.EphemeralText(why)
		}
	}
	s.Target = int(target)
	if id, ok := g.env.SeatOf("laus", in.GuildID, in.UserID); ok {
		return ui.EphemeralText(in.Lang().T("laus.open.seated_elsewhere", "Table", id))
	}
	t := &lausTable{Core: table.NewCore(g.env, store.KindLaus, "Laus", in), settings: s} // lang:keep — the game's name
	t.Thread = g.env.PlanThread(ctx, in, in.Options.Bool("thread", table.Or(def.Threads, false)))
	t.settings.Thread = t.Thread.Want
	if r := g.env.Open(ctx, t, in); r != nil {
		return r
	}
	return ui.EphemeralText(in.Lang().T("laus.open.opened", "Table", t.ID) + table.Line(t.ThreadNote()))
}

// The lobby's Laus parts (see lobbyGame).

func (t *lausTable) MaxSeats() int                                { return maxLausSeats }
func (t *lausTable) SettingsJSON() json.RawMessage                { return t.settings.marshal() }
func (t *lausTable) Number() int                                  { return t.settings.MatchNo }
func (t *lausTable) FinalView() ui.Rendering                      { return t.public() }
func (t *lausTable) CanJoin(context.Context, *ui.Input) *ui.Reply { return nil }
func (t *lausTable) ComputerAdded() (undo func())                 { return func() {} }

// Handle runs on the table's goroutine and answers one click.
func (t *lausTable) Handle(ctx context.Context, in *ui.Input) *ui.Reply {
	verb, l := in.Component.Verb, in.Lang()
	if t.Status == store.StatusLobby {
		return table.LobbyClick(ctx, t, in, func() *ui.Reply { return t.start(ctx, in) })
	}
	if t.match == nil {
		return ui.EphemeralText(l.T("laus.click.closed"))
	}
	switch verb {
	case table.VerbJoin, table.VerbComputer, table.VerbStart, table.VerbCancel:
		return ui.EphemeralText(l.T("laus.click.started"))
	case table.VerbLeave:
		if t.playing() {
			return ui.EphemeralText(l.T("laus.click.no_leaving"))
		}
		fallthrough
	case table.VerbHand, table.VerbBack, table.VerbAgain, table.VerbStartNow, verbRefresh, verbResume:
		// These buttons carry the match number. The table message is
		// edited from round to round, so a click drawn for an earlier round
		// (the round in its argument) still opens the hand of this one.
		if table.ParseGameButton(in.Component).GameNo != t.settings.MatchNo {
			return ui.EphemeralText(l.T("laus.click.earlier_match"))
		}
	}
	switch verb {
	case table.VerbHand, verbRefresh:
		return table.ShowHand(t, in)
	case verbLook, verbPass, verbLay, verbPlay:
		return t.move(ctx, in)
	case table.VerbBack, verbResume:
		return t.back(in)
	case table.VerbAgain, table.VerbLeave, table.VerbStartNow:
		return table.AfterGameClick(ctx, t, in)
	}
	return ui.EphemeralText(l.T("laus.move.not_our_button"))
}

// LobbyView renders the lobby message.
func (t *lausTable) LobbyView() ui.Rendering {
	return table.LobbyMessage(t, t.Lang.T("laus.lobby.join", "Min", minLausSeats, "Max", maxLausSeats),
		t.Lang.T("laus.lobby.settings", "Target", t.settings.Target, "Timer", t.settings.TurnTimerS))
}

func (t *lausTable) StopTimers() {
	for _, stop := range []func() bool{t.StopTurn, t.StopIdle} {
		if stop != nil {
			stop()
		}
	}
}
