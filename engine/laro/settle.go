package laro

// MaxPoints is the most a winning hand scores (Void + Pure + Pure).
const MaxPoints = 15

// MaxLoss returns the most one game can cost a player, which is what a
// player needs free (and what is held in escrow) to join a staked table.
func MaxLoss(stake, ante int64) int64 { return ante + MaxPoints*stake }

// Settle returns each seat's net chip change at the end of a game. Every
// seat put ante into the pot at the start. With a winner (winner >= 0),
// every other seat, forfeited ones included, pays stake×points to the
// winner, and the winner takes the pot. With no winner (winner < 0) the
// antes go back and every change is 0. A win by default has 0 points, so
// only the pot moves. The changes always sum to 0.
func Settle(seats, winner, points int, stake, ante int64) []int64 {
	d := make([]int64, seats)
	if winner < 0 || winner >= seats {
		return d
	}
	loss := stake*int64(points) + ante
	for s := range d {
		if s != winner {
			d[s] = -loss
			d[winner] += loss
		}
	}
	return d
}
