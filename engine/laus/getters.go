package laus

import "slices"

// Config returns the match's configuration, defaults filled in.
func (m *Match) Config() MatchConfig { return m.cfg }

// Seed returns the seed the match's shuffles come from.
func (m *Match) Seed() uint64 { return m.seed }

// Log returns a copy of every action applied so far, in order: with Config
// and Seed, all Replay needs.
func (m *Match) Log() []Action { return slices.Clone(m.log) }

// Round returns the number of the current round (1 for the first); once the
// match is over, the number of the last round played.
func (m *Match) Round() int { return m.round }

// Phase returns the current phase.
func (m *Match) Phase() Phase { return m.phase }

// Turn returns the seat to act, or -1 when the match is over.
func (m *Match) Turn() int { return m.turn }

// Dealer returns the dealer of the current round.
func (m *Match) Dealer() int { return m.dealer }

// Over reports whether the match has ended.
func (m *Match) Over() bool { return m.phase == PhaseOver }

// Totals returns every seat's match total.
func (m *Match) Totals() []int { return slices.Clone(m.totals[:m.n()]) }

// Losers returns the seats that lost the match (the highest total; all of
// them on a tie), or nil while it is still being played.
func (m *Match) Losers() []int { return slices.Clone(m.losers) }

// Results returns a copy of the result of every finished round, in order.
func (m *Match) Results() []RoundResult {
	out := make([]RoundResult, len(m.results))
	for i, r := range m.results {
		out[i] = r.Clone()
	}
	return out
}

// LastRound returns the result of the most recently finished round, and
// false before any round has finished.
func (m *Match) LastRound() (RoundResult, bool) {
	if len(m.results) == 0 {
		return RoundResult{}, false
	}
	return m.results[len(m.results)-1].Clone(), true
}

// Hand returns a copy of seat's hand in display order (nil for a seat that
// does not exist). It shows hidden cards: give it only to that seat's player.
func (m *Match) Hand(seat int) []Card {
	if seat < 0 || seat >= m.n() {
		return nil
	}
	return m.hands[seat].Cards()
}
