package laro

// splitter finds the best way to cut up to nine cards into clusters. It
// works on fixed arrays and a bitmask of used cards so that a split costs no
// allocation: the game checks for wins after every draw and the computer
// player evaluates many hands a turn.
type splitter struct {
	c    [9]Card
	n    int
	best int
	bg   [3][3]Card
	cur  [3][3]Card
}

// split reports the best total points of cutting cs (0, 3, 6 or 9 cards)
// into clusters, and the clusters, or false when no cut works.
func (s *splitter) split(cs []Card) bool {
	if len(cs) > 9 || len(cs)%3 != 0 {
		return false
	}
	// Repeated cards would let one card sit in two clusters.
	var seen uint64
	for _, c := range cs {
		if !c.Valid() || seen&bit(c) != 0 {
			return false
		}
		seen |= bit(c)
	}
	s.n = copy(s.c[:], cs)
	s.best = -1
	s.rec(0, 0, 0)
	return s.best >= 0
}

func (s *splitter) rec(used uint16, depth, pts int) {
	full := uint16(1)<<s.n - 1
	if used == full {
		if pts > s.best {
			s.best = pts
			s.bg = s.cur
		}
		return
	}
	// No split can beat 9 points a cluster; stop early when this one can't.
	if left := (s.n/3 - depth) * 9; pts+left <= s.best {
		return
	}
	i := 0
	for used&(1<<i) != 0 {
		i++
	}
	a := s.c[i]
	for j := i + 1; j < s.n; j++ {
		if used&(1<<j) != 0 {
			continue
		}
		b := s.c[j]
		base := int(a)<<12 | int(b)<<6
		for k := j + 1; k < s.n; k++ {
			if used&(1<<k) != 0 {
				continue
			}
			kd := Kind(kinds[base|int(s.c[k])])
			if kd == NoKind {
				continue
			}
			s.cur[depth] = [3]Card{a, b, s.c[k]}
			s.rec(used|1<<i|1<<j|1<<k, depth+1, pts+kd.Points())
		}
	}
}

// clusters copies the best split found into fresh slices.
func (s *splitter) clusters() [][]Card {
	m := s.n / 3
	out := make([][]Card, m)
	flat := make([]Card, 3*m)
	for i := range m {
		g := flat[3*i : 3*i+3 : 3*i+3]
		copy(g, s.bg[i][:])
		sortCards(g)
		out[i] = g
	}
	return out
}

// BestSplit cuts exactly nine cards into three clusters the best way and
// returns the points and the clusters. It reports false when the cards are
// not nine distinct valid cards forming three clusters.
func BestSplit(cs []Card) (points int, clusters [][]Card, ok bool) {
	if len(cs) != 9 {
		return 0, nil, false
	}
	var s splitter
	if !s.split(cs) {
		return 0, nil, false
	}
	return s.best, s.clusters(), true
}

// BestSplitWithLaid scores a holding of hand cards plus clusters already
// laid: the laid clusters stay as they are and count among the three, and
// the hand is cut the best way into the rest. The returned clusters are the
// laid ones first, then the hand's.
func BestSplitWithLaid(hand []Card, laid [][]Card) (points int, clusters [][]Card, ok bool) {
	if len(hand)+3*len(laid) != 9 {
		return 0, nil, false
	}
	seen := uint64(0)
	for _, c := range hand {
		if !c.Valid() || seen&bit(c) != 0 {
			return 0, nil, false
		}
		seen |= bit(c)
	}
	for _, g := range laid {
		k, isCluster := Classify(g)
		if !isCluster {
			return 0, nil, false
		}
		for _, c := range g {
			if seen&bit(c) != 0 {
				return 0, nil, false
			}
			seen |= bit(c)
		}
		points += k.Points()
	}
	var s splitter
	if !s.split(hand) {
		return 0, nil, false
	}
	for _, g := range laid {
		clusters = append(clusters, sortedCopy(g))
	}
	return points + s.best, append(clusters, s.clusters()...), true
}

func bit(c Card) uint64 { return 1 << (c - 1) }
