package laus

import "slices"

// SeatResult is one seat's share of a finished round.
type SeatResult struct {
	Pile   []Card    `json:"pile"`   // the cards taken (skat included), in display order
	Tricks int       `json:"tricks"` // tricks taken
	Points PileScore `json:"points"` // card points and queen bonuses before the multiplier
	Score  int       `json:"round"`  // the round score after multiplier or slam
	Total  int       `json:"total"`  // the match total after this round
}

// RoundResult is the full account of a finished round: what the bot posts
// and what the store saves.
type RoundResult struct {
	Round      int          `json:"round"`       // 1 for the first round
	Dealer     int          `json:"dealer"`      // seat that dealt
	Multiplier Multiplier   `json:"multiplier"`  // passes, no-trick players, slam and factor
	SkatTo     int          `json:"skat_to"`     // seat that took the skat, -1 with four players
	Skat       []Card       `json:"skat"`        // the skat's cards at the end of the round
	FinalTrick Trick        `json:"final_trick"` // the last trick of the round
	Seats      []SeatResult `json:"seats"`       // per seat, indexed by seat
	MatchOver  bool         `json:"match_over"`  // this round ended the match
	Losers     []int        `json:"losers"`      // when MatchOver: the seats with the highest total
}

// Scores returns the round score of every seat.
func (r RoundResult) Scores() []int {
	out := make([]int, len(r.Seats))
	for i, s := range r.Seats {
		out[i] = s.Score
	}
	return out
}

// Clone returns a deep copy of r.
func (r RoundResult) Clone() RoundResult {
	r.Skat = slices.Clone(r.Skat)
	r.Losers = slices.Clone(r.Losers)
	seats := make([]SeatResult, len(r.Seats))
	for i, s := range r.Seats {
		s.Pile = slices.Clone(s.Pile)
		seats[i] = s
	}
	r.Seats = seats
	return r
}
