package laus

import (
	"strings"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/pictures"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
)

// A round's summary carries a picture of the same account: each player's
// queens and jacks, tricks, card points, bonus, round score and total, under
// the multiplier. It shows nothing the summary's text does not say: the
// queens and jacks of each pile (the text names both), the skat (named by
// the text once the round is over), and the numbers.

// withRoundPicture attaches the round's picture, in l, to its summary r.
func withRoundPicture(l lang.Lang, r ui.Rendering, tableID string, matchNo int, seats []table.Seat, rr rules.RoundResult) ui.Rendering {
	png := pictures.LausRoundPicture(roundScene(l, tableID, matchNo, seats, rr))
	return r.AttachPicture(png.Name, png.Data)
}

// roundScene is what the picture shows of round rr. Players are named by
// their display names: a mention would show as a number in a picture. Its
// words are in l, the language of the summary it is attached to.
func roundScene(l lang.Lang, tableID string, matchNo int, seats []table.Seat, rr rules.RoundResult) pictures.LausRound {
	name := func(i int) string {
		if i < 0 || i >= len(seats) {
			return l.T("laus.nobody")
		}
		return seats[i].Name
	}
	m := rr.Multiplier
	sc := pictures.LausRound{Lang: l, Title: l.T("laus.table.title", "Table", tableID, "Match", matchNo, "Round", rr.Round)}
	switch {
	case m.Slam >= 0:
		sc.Multiplier = l.T("laus.picture.slam", "Who", name(m.Slam), "Score", rr.Seats[m.Slam].Score)
	case m.Factor == 1:
		sc.Multiplier = l.T("laus.picture.times_one")
	default:
		var why []string
		if m.Passes > 0 {
			why = append(why, l.N("laus.count.skat_passes", m.Passes))
		}
		if m.NoTrick > 0 {
			why = append(why, l.N("laus.picture.no_trick", m.NoTrick))
		}
		sc.Multiplier = l.T("laus.picture.doubled", "Factor", m.Factor, "Why", strings.Join(why, l.T("laus.and")))
	}
	if rr.SkatTo >= 0 {
		sc.Skat = l.T("laus.picture.skat", "Cards", lausCards(l, nil, rr.Skat), "Who", name(rr.SkatTo))
	}
	for i, sr := range rr.Seats {
		ps := pictures.LausSeat{
			Name: name(i), Cards: queensAndJacks(sr.Pile), Tricks: sr.Tricks, CardPoints: sr.Points.CardPoints,
			Bonus: sr.Points.Bonus, Score: sr.Score, Total: sr.Total,
		}
		if sr.Points.Cancelled {
			ps.Cancelled = sr.Points.RawBonus
		}
		sc.Seats = append(sc.Seats, ps)
	}
	return sc
}

// queensAndJacks returns a pile's queens, then its jacks, each sorted.
func queensAndJacks(pile []rules.Card) []rules.Card {
	var qs []rules.Card
	for _, c := range pile {
		if c.IsQueen() {
			qs = append(qs, c)
		}
	}
	rules.SortCards(qs)
	return append(qs, jacksIn(pile)...)
}

// jacksIn returns a pile's jacks, sorted as hands are.
func jacksIn(pile []rules.Card) []rules.Card {
	var js []rules.Card
	for _, c := range pile {
		if c.IsJack() {
			js = append(js, c)
		}
	}
	rules.SortCards(js)
	return js
}
