package laus

import "testing"

// BenchmarkComputerRound4 plays one full 4-player round between Computer
// players per iteration, through the public API the bot uses (View, Decide,
// Apply), dealing included.
func BenchmarkComputerRound4(b *testing.B) {
	players := []Player{Computer{}, Computer{}, Computer{}, Computer{}}
	b.ReportAllocs()
	var seed uint64
	for b.Loop() {
		seed++
		m, err := NewMatch(MatchConfig{Seats: 4}, seed)
		if err != nil {
			b.Fatal(err)
		}
		playRound(b, m, players)
	}
}

// BenchmarkComputerPlay measures one Computer decision on a mid-round view,
// the AI's hot path alone.
func BenchmarkComputerPlay(b *testing.B) {
	m, err := NewMatch(MatchConfig{Seats: 4}, 7)
	if err != nil {
		b.Fatal(err)
	}
	for range 9 { // into the third trick, so there is history to read
		a, _ := Decide(Computer{}, m.View(m.Turn()))
		if err := m.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	v := m.View(m.Turn())
	b.ReportAllocs()
	for b.Loop() {
		Computer{}.Play(v)
	}
}
