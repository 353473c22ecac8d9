package laus

// Skat returns the two cards lying face down as the skat, in display order
// (nil with four players, and between the end of a match's last round and
// any deal). It shows hidden cards: the bot gives it only to the replay of
// a finished match, where nothing is secret any more.
func (m *Match) Skat() []Card {
	if m.skat == 0 {
		return nil
	}
	return m.skat.Cards()
}
