package laro

import (
	"context"
	"encoding/json"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// laroTable is one Laro table: the shared table core plus its current game
// and everything around the game that the engine does not know (stakes, the
// claim window, timeouts). All of its fields are owned by its actor's
// goroutine; nothing else reads or writes them.
type laroTable struct {
	table.Core
	settings laroSettings
	seed     uint64
	game     *rules.Game // nil while in the lobby
	moves    int         // engine actions so far: the version hand buttons and timers carry
	pot      int64

	result    []string
	antesBack bool // the game ended with no winner and the antes went back
	window    *claimWindow
	choice    *laroChoice
	notes     []string // per seat: why its last move came to nothing (see moved)
	timeouts  []int    // turns in a row each seat timed out
	autoplay  []bool

	replayed replayedWindow // from a restart's Replay until Resume (recover.go)
}

// newTable handles /laro new: it checks the options, opens a lobby with the
// host seated, posts the table message and tells the host it is there.
func (g *Game) newTable(ctx context.Context, in *ui.Input) *ui.Reply {
	// An option left out takes the server's default, then the bot's own.
	def := g.env.GuildDefaults(ctx, in.GuildID)
	s := laroSettings{
		Stake:         in.Options.Int("stake", table.Or(stakeSetting.Value(def), defaultStake)),
		Ante:          in.Options.Int("ante", table.Or(anteSetting.Value(def), defaultAnte)),
		ClaimWindowMS: in.Options.Int("claim_window", table.Or(claimWindowSetting.Value(def), defaultClaimWindow)) * 1000,
		TurnTimerS:    in.Options.Int("turn_timer", table.Or(def.TurnTimerS, table.DefaultTurnTimer)),
		GameNo:        1,
	}
	// Discord enforces these ranges in its client, but a forged request does
	// not; a server default was checked when it was set, and again here.
	for _, why := range []string{
		StakeRefusal(in.Lang(), s.Stake), AnteRefusal(in.Lang(), s.Ante), ClaimWindowRefusal(in.Lang(), s.ClaimWindowMS/1000),
		table.CheckTurnTimerIn(in.Lang(), s.TurnTimerS),
	} {
		if why != "" {
			return ui.EphemeralText(why)
		}
	}
	if id, ok := g.env.SeatOf("laro", in.GuildID, in.UserID); ok {
		return ui.EphemeralText(in.Lang().T("laro.new.already_seated", "Table", id))
	}
	if s.staked() {
		if r := needChips(ctx, g.env, in, s.escrow()); r != nil {
			return r
		}
	}
	t := &laroTable{Core: table.NewCore(g.env, store.KindLaro, "Laro", in), settings: s} // lang:keep — the game's name
	t.Thread = g.env.PlanThread(ctx, in, in.Options.Bool("thread", table.Or(def.Threads, false)))
	t.settings.Thread = t.Thread.Want
	if r := g.env.Open(ctx, t, in); r != nil {
		return r
	}
	return ui.EphemeralText(in.Lang().T("laro.new.opened", "Table", t.ID) + table.Line(t.ThreadNote()))
}

// needChips returns a refusal if the player has less than need free chips.
func needChips(ctx context.Context, env *table.Env, in *ui.Input, need int64) *ui.Reply {
	l := in.Lang()
	bal, err := env.Store.Balance(ctx, in.GuildID, in.UserID)
	if err != nil {
		env.Log.Error("reading a balance", "err", err)
		return ui.EphemeralText(l.T("common.something_wrong"))
	}
	if bal.Free < need {
		return ui.EphemeralText(l.T("laro.new.need_chips", "Need", need, "Free", bal.Free, "Short", l.N("laro.chips", int(need-bal.Free))))
	}
	return nil
}

// The lobby's Laro parts (see lobbyGame).

func (t *laroTable) MaxSeats() int                 { return rules.MaxSeats }
func (t *laroTable) SettingsJSON() json.RawMessage { return t.settings.marshal() }
func (t *laroTable) Number() int                   { return t.settings.GameNo }
func (t *laroTable) FinalView() ui.Rendering       { return laroPublic(t.screen(-1)) }

// CanJoin asks a staked table's newcomer for the chips one game can cost.
func (t *laroTable) CanJoin(ctx context.Context, in *ui.Input) *ui.Reply {
	if !t.settings.staked() {
		return nil
	}
	return needChips(ctx, t.Env, in, t.settings.escrow())
}

// ComputerAdded unstakes the table, so chips cannot be farmed from
// computer seats.
func (t *laroTable) ComputerAdded() (undo func()) {
	old := t.settings
	t.settings.Stake, t.settings.Ante = 0, 0
	return func() { t.settings = old }
}

// Handle runs on the table's goroutine and answers one click.
func (t *laroTable) Handle(ctx context.Context, in *ui.Input) *ui.Reply {
	verb := in.Component.Verb
	if t.Status == store.StatusLobby {
		return table.LobbyClick(ctx, t, in, func() *ui.Reply { return t.start(ctx, in) })
	}
	if t.game == nil {
		return ui.EphemeralText(in.Lang().T("laro.move.closed"))
	}
	switch verb {
	case table.VerbJoin, table.VerbComputer, table.VerbStart, table.VerbCancel:
		return ui.EphemeralText(in.Lang().T("laro.move.started"))
	case table.VerbHand, verbLaro, table.VerbAgain, table.VerbLeave, table.VerbStartNow:
		// Buttons on the table message carry the game number.
		if table.ParseGameButton(in.Component).GameNo != t.settings.GameNo {
			return ui.EphemeralText(in.Lang().T("laro.move.earlier_game"))
		}
	}
	switch verb {
	case table.VerbHand, verbRefresh:
		return table.ShowHand(t, in)
	case verbLaro:
		return t.call(in)
	case verbDraw, verbDiscard, verbWin, verbLay:
		return t.move(ctx, in)
	case table.VerbAgain, table.VerbLeave, table.VerbStartNow:
		return table.AfterGameClick(ctx, t, in)
	}
	return ui.EphemeralText(in.Lang().T("laro.move.not_this_table"))
}

// LobbyView renders the lobby message.
func (t *laroTable) LobbyView() ui.Rendering {
	return table.LobbyMessage(t, t.Lang.T("laro.lobby.join", "Max", rules.MaxSeats)+"\n"+table.FreePlay(t.Lang),
		t.settings.rulesText(t.Lang))
}

func (t *laroTable) StopTimers() {
	for _, stop := range []func() bool{t.StopTurn, t.StopIdle} {
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
