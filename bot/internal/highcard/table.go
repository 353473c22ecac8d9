package highcard

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// Seats and stakes.
const (
	minSeats, maxSeats = 2, 4
	maxStake           = 100
)

// hcTable is one High card table: the shared core plus its current game.
// Its fields belong to the table's actor goroutine.
type hcTable struct {
	table.Core
	settings settings
	game     *round // nil in the lobby
}

// newTable handles /highcard new: it checks the options and opens a lobby
// with the host seated. The stake and turn timer left out take the server's
// defaults.
func (g *Game) newTable(ctx context.Context, in *ui.Input) *ui.Reply {
	def := g.env.GuildDefaults(ctx, in.GuildID)
	s := settings{
		Stake:      in.Options.Int("stake", table.Or(stakeSetting.Value(def), 0)),
		TurnTimerS: in.Options.Int("turn_timer", table.Or(def.TurnTimerS, table.DefaultTurnTimer)),
		GameNo:     1,
	}
	if why := table.CheckTurnTimerIn(in.Lang(), s.TurnTimerS); why != "" {
		return ui.EphemeralText(why)
	}
	if why := checkStake(s.Stake); why != "" {
		return ui.EphemeralText(why)
	}
	t := &hcTable{Core: table.NewCore(g.env, Kind, entry.Title, in), settings: s}
	if r := g.env.Open(ctx, t, in); r != nil {
		return r
	}
	return ui.EphemeralText(fmt.Sprintf("Your High card table **%s** is open. Players click **Join**; you click **Start**.", t.ID))
}

// stakeSetting is High card's server default in /cardbot settings, which it
// registers in its catalog entry and nowhere else.
var stakeSetting = catalog.Setting{
	Option: stakeOption(),
	Check:  checkStake, Label: "Stake (High card)", Default: 0, Unit: " chips",
	Key: store.GameSetting{Kind: Kind, Name: "highcard_stake"},
}

// stakeOption is the setting's option of /cardbot settings. Its description
// is the fixture's own, as its command's are (see describe.go): the message
// catalogue has none for it, so ui.Localized keeps this one.
func stakeOption() *discordgo.ApplicationCommandOption {
	o := ui.IntOption("highcard_stake", 0, maxStake)
	o.Description = "High card: chips each player puts in the pot"
	return o
}

// checkStake says why a stake is refused, or returns "".
func checkStake(v int64) string {
	if v < 0 || v > maxStake {
		return fmt.Sprintf("The stake is 0 to %d chips.", maxStake)
	}
	return ""
}

// The lobby's High card parts (see table.LobbyGame and table.NextGamer).

func (t *hcTable) MaxSeats() int                 { return maxSeats }
func (t *hcTable) MinSeats() int                 { return minSeats }
func (t *hcTable) SettingsJSON() json.RawMessage { return t.settings.marshal() }
func (t *hcTable) Number() int                   { return t.settings.GameNo }
func (t *hcTable) FinalView() ui.Rendering       { return t.public() }
func (t *hcTable) ComputerAdded() (undo func())  { return func() {} }

// CanJoin asks a staked table's newcomer for the stake.
func (t *hcTable) CanJoin(ctx context.Context, in *ui.Input) *ui.Reply {
	if t.settings.Stake == 0 {
		return nil
	}
	bal, err := t.Env.Store.Balance(ctx, in.GuildID, in.UserID)
	if err != nil {
		return ui.EphemeralText(ui.SomethingWrong(in.Lang()))
	}
	if bal.Free < t.settings.Stake {
		return ui.EphemeralText(fmt.Sprintf("This table needs **%d** free chips. Try `/chips daily`.", t.settings.Stake))
	}
	return nil
}

// Handle answers one click on the table, on its goroutine.
func (t *hcTable) Handle(ctx context.Context, in *ui.Input) *ui.Reply {
	c := in.Component
	if t.Status == store.StatusLobby {
		return table.LobbyClick(ctx, t, in, func() *ui.Reply { return t.start(ctx, in) })
	}
	if c.Stamp != t.settings.GameNo {
		return ui.EphemeralText("That button belongs to an earlier game at this table.")
	}
	switch c.Verb {
	case "hand", "refresh":
		return table.ShowHand(t, in)
	case "play":
		return t.play(ctx, in)
	case table.VerbAgain, table.VerbLeave, table.VerbStartNow:
		if t.game != nil && !t.game.over() {
			return ui.EphemeralText("This game is still being played.")
		}
		return table.AfterGameClick(ctx, t, in)
	}
	return ui.EphemeralText("That button is not one of this table's.")
}

// LobbyView renders the lobby message.
func (t *hcTable) LobbyView() ui.Rendering {
	return table.LobbyMessage(t, fmt.Sprintf("Click **Join** to sit down (%d to %d players).", minSeats, maxSeats),
		fmt.Sprintf("Stake **%d** · turn timer **%d s**", t.settings.Stake, t.settings.TurnTimerS))
}

// StopTimers stops the turn and idle timers.
func (t *hcTable) StopTimers() {
	for _, stop := range []func() bool{t.StopTurn, t.StopIdle} {
		if stop != nil {
			stop()
		}
	}
}
