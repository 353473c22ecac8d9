package laus

// The queens: qd's capture cancels the taker's bonuses for the other three.
var (
	qc = mk(Queen, Clubs)
	qs = mk(Queen, Spades)
	qh = mk(Queen, Hearts)
	qd = mk(Queen, Diamonds)
)

// PileScore is how one pile scores before the round's multiplier.
type PileScore struct {
	CardPoints int  `json:"card_points"` // card points of every card in the pile
	RawBonus   int  `json:"raw_bonus"`   // queen bonuses before Q♦ cancels them
	Cancelled  bool `json:"cancelled"`   // the pile holds Q♦, so RawBonus is void
	Bonus      int  `json:"bonus"`       // queen bonuses that count (0 when Cancelled)
}

// Total returns card points plus the bonuses that count.
func (p PileScore) Total() int { return p.CardPoints + p.Bonus }

// ScorePile scores a pile: card points plus queen bonuses (Q♣ 300, Q♠ 200,
// Q♥ 100), all bonuses cancelled when the pile holds Q♦. A queen's 3 card
// points count either way.
func ScorePile(pile []Card) PileScore {
	return scoreSet(SetOf(pile...))
}

func scoreSet(s CardSet) PileScore {
	p := PileScore{CardPoints: s.Points()}
	p.RawBonus = bonusOf(s)
	p.Cancelled = s.Has(qd)
	if !p.Cancelled {
		p.Bonus = p.RawBonus
	}
	return p
}

// PilePoints returns a pile's score before the multiplier: card points plus
// the queen bonuses that count. Q♥ + Q♠ score 306; with Q♦ as well, 9.
func PilePoints(pile []Card) int { return ScorePile(pile).Total() }

// Multiplier describes what scales a round's scores.
type Multiplier struct {
	Passes  int `json:"passes"`   // skat passes, each doubling
	NoTrick int `json:"no_trick"` // players without a trick, each doubling (0 in a slam)
	Slam    int `json:"slam"`     // seat that took every trick, or -1
	Factor  int `json:"factor"`   // 2^(Passes+NoTrick)
}

// RoundMultiplier works out the multiplier from the tricks each seat took and
// the number of skat passes. A player who took every trick makes a slam: the
// no-trick players then do not double the round.
func RoundMultiplier(tricks []int, skatPasses int) Multiplier {
	m := Multiplier{Passes: skatPasses, Slam: -1}
	total := 0
	for _, t := range tricks {
		total += t
	}
	for i, t := range tricks {
		if total > 0 && t == total {
			m.Slam = i
		}
	}
	if m.Slam < 0 {
		for _, t := range tricks {
			if t == 0 {
				m.NoTrick++
			}
		}
	}
	m.Factor = 1 << (m.Passes + m.NoTrick)
	return m
}

// slamScore is what a player taking every trick scores before skat passes.
const slamScore = -120

// RoundScores returns each seat's final score for a round. piles[i] is seat
// i's pile (with the skat already added for the last trick's winner), tricks[i]
// the number of tricks seat i took. Without a slam each pile's points are
// multiplied by 2 for every skat pass and every player who took no trick; a
// player who took every trick scores -120 doubled per pass, the others 0.
func RoundScores(piles [][]Card, tricks []int, skatPasses int) []int {
	m := RoundMultiplier(tricks, skatPasses)
	out := make([]int, len(piles))
	for i, p := range piles {
		out[i] = seatScore(i, PilePoints(p), m)
	}
	return out
}

func seatScore(seat, base int, m Multiplier) int {
	switch {
	case m.Slam == seat:
		return slamScore * m.Factor
	case m.Slam >= 0:
		return 0
	}
	return base * m.Factor
}

// bonusOf returns the queen bonuses of the cards in s, before any cancelling.
func bonusOf(s CardSet) int {
	b := 0
	if s.Has(qc) {
		b += 300
	}
	if s.Has(qs) {
		b += 200
	}
	if s.Has(qh) {
		b += 100
	}
	return b
}
