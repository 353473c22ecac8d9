package laro

import (
	"encoding/json"
	"time"

	"github.com/cardbot/cardbot/bot/lang"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// laroSettings is a Laro table's configuration, stored as the game's
// settings JSON so a restart rebuilds the table exactly.
type laroSettings struct {
	Stake         int64 `json:"stake"`
	Ante          int64 `json:"ante"`
	ClaimWindowMS int64 `json:"claim_window_ms"`
	TurnTimerS    int64 `json:"turn_timer_s"`
	GameNo        int   `json:"game_no"`          // 1 for the table's first game
	Dealer        int   `json:"dealer"`           // seat that deals (and moves first)
	Thread        bool  `json:"thread,omitempty"` // each game is played in a thread of its own
}

func (s laroSettings) claimWindow() time.Duration {
	return time.Duration(s.ClaimWindowMS) * time.Millisecond
}

// escrow is what a player needs free to sit at the table: the most one
// game can cost them.
func (s laroSettings) escrow() int64 { return rules.MaxLoss(s.Stake, s.Ante) }

// staked reports whether chips move at this table.
func (s laroSettings) staked() bool { return s.Stake > 0 || s.Ante > 0 }

func (s laroSettings) stakesText(l lang.Lang, pot int64, players int) string {
	if !s.staked() {
		return l.T("laro.settings.for_fun")
	}
	t := l.N("laro.settings.stakes", int(s.Stake), "Ante", s.Ante)
	if pot > 0 {
		t += " · " + l.T("laro.settings.pot", "Pot", pot)
	}
	return t
}

// rulesText is the settings box of the lobby, including the house rulings
// players would otherwise have to ask about.
func (s laroSettings) rulesText(l lang.Lang) string {
	t := l.T("laro.settings.line", "Stake", s.Stake, "Ante", s.Ante, "Window", s.ClaimWindowMS/1000, "Timer", s.TurnTimerS)
	if s.staked() {
		t += "\n" + l.T("laro.settings.escrow", "Chips", s.escrow())
	}
	return t + "\n" + l.T("laro.settings.house_rules")
}

func (s laroSettings) marshal() json.RawMessage {
	b, _ := json.Marshal(s) // a struct of ints always marshals
	return b
}
