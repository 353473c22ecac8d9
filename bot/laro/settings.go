package laro

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/cardbot/cardbot/bot/ui"
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

func (s laroSettings) stakesText(pot int64, players int) string {
	if !s.staked() {
		return "for fun (no chips)"
	}
	t := fmt.Sprintf("%s per point · ante %d", ui.Count64(s.Stake, "chip", "chips"), s.Ante)
	if pot > 0 {
		t += fmt.Sprintf(" · pot %d", pot)
	}
	return t
}

// rulesText is the settings box of the lobby, including the house rulings
// players would otherwise have to ask about.
func (s laroSettings) rulesText() string {
	t := fmt.Sprintf("Stake **%d** per point · ante **%d** · LARO! window **%d s** · turn timer **%d s**",
		s.Stake, s.Ante, s.ClaimWindowMS/1000, s.TurnTimerS)
	if s.staked() {
		t += fmt.Sprintf("\nJoining needs **%d** free chips (ante + 15 × stake), held until the game ends.", s.escrow())
	}
	t += "\nHouse rules: the dealer moves first; the discard pile starts empty; the deck may be " +
		"reshuffled twice, a third run-out ends the game with no winner (antes back); a win is declared, " +
		"never forced; three missed turns in a row and you leave the game (your ante stays in the pot). " +
		"Computer seats make a table unstaked."
	return t
}

func (s laroSettings) marshal() json.RawMessage {
	b, _ := json.Marshal(s) // a struct of ints always marshals
	return b
}
