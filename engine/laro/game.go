package laro

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/cardbot/cardbot/engine/cards"
)

// MaxSeats is the most players a Laro table seats.
const MaxSeats = 6

// HandSize is what every player holds between turns, laid cards included.
const HandSize = 8

// MaxReshuffles is how often the discard pile may become a new deck.
const MaxReshuffles = 2

// Config is what a game needs before the deal.
type Config struct {
	Seats  int // 1..6, in clockwise order of joining
	Dealer int // the seat that takes the first turn
}

// Phase says what the game waits for. The zero value, NoPhase, is never the
// phase of a game built by New.
type Phase int

// The phases of a game.
const (
	NoPhase Phase = iota
	// PhaseDraw: the seat to move must draw. While the card just discarded is
	// claimable, other seats may call LARO! on it.
	PhaseDraw
	// PhaseDiscard: the seat to move holds nine and must discard, or may
	// declare a win.
	PhaseDiscard
	// PhaseCallDiscard: the seat to move has just laid a cluster by calling
	// LARO! and must discard.
	PhaseCallDiscard
	// PhaseOver: the game has ended, with or without a winner.
	PhaseOver
)

// String names the phase.
func (p Phase) String() string {
	switch p {
	case PhaseDraw:
		return "draw"
	case PhaseDiscard:
		return "discard"
	case PhaseCallDiscard:
		return "call-discard"
	case PhaseOver:
		return "over"
	}
	return ""
}

// End says how a game ended. The zero value, NotEnded, means it is running.
type End int

// How a game can end.
const (
	NotEnded End = iota
	// EndWin: a seat declared a win or made a winning call.
	EndWin
	// EndDefault: every other seat forfeited; the last one wins with 0 points.
	EndDefault
	// EndDeckOut: the deck ran out a third time, or there was nothing to
	// shuffle into a new one. No winner.
	EndDeckOut
	// EndAbandoned: the only seat of a solo game forfeited. No winner.
	EndAbandoned
)

// String names the ending.
func (e End) String() string {
	switch e {
	case EndWin:
		return "win"
	case EndDefault:
		return "default"
	case EndDeckOut:
		return "deck-out"
	case EndAbandoned:
		return "abandoned"
	}
	return ""
}

// Game is one Laro game. Build it with New or Replay and change it only
// with Apply; getters return copies.
type Game struct {
	cfg  Config
	rng  *rand.Rand
	deck []Card // the top is the last element

	discard []Card // the top is the last element
	hands   [][]Card
	laid    [][][]Card
	out     []bool // forfeited seats

	turn  int
	phase Phase
	drawn Card // the card the seat to move just drew, for its own view

	claimable bool // the top discard was just discarded: no draw or call since
	discarder int

	reshuffles int
	turns      int

	end         End
	winner      int
	points      int
	winClusters [][]Card

	log []Action
}

// New deals a game: the 63 cards shuffled with the seeded source, eight to
// each seat, an empty discard pile, the dealer to draw first.
func New(cfg Config, seed uint64) (*Game, error) {
	if cfg.Seats < 1 || cfg.Seats > MaxSeats || cfg.Dealer < 0 || cfg.Dealer >= cfg.Seats {
		return nil, fmt.Errorf("%w: %d seats, dealer %d", ErrBadConfig, cfg.Seats, cfg.Dealer)
	}
	g := &Game{
		cfg:    cfg,
		rng:    cards.NewRand(seed),
		deck:   Deck(),
		hands:  make([][]Card, cfg.Seats),
		laid:   make([][][]Card, cfg.Seats),
		out:    make([]bool, cfg.Seats),
		turn:   cfg.Dealer,
		phase:  PhaseDraw,
		winner: -1,
	}
	cards.Shuffle(g.rng, g.deck)
	// Deal one card at a time round the table from the dealer, as at a real
	// table; with a shuffled deck the order only has to be fixed.
	for range HandSize {
		for i := range cfg.Seats {
			s := (cfg.Dealer + i) % cfg.Seats
			g.hands[s] = append(g.hands[s], g.pop())
		}
	}
	return g, nil
}

func (g *Game) pop() Card {
	c := g.deck[len(g.deck)-1]
	g.deck = g.deck[:len(g.deck)-1]
	return c
}

// Config returns the game's configuration.
func (g *Game) Config() Config { return g.cfg }

// Turn returns the seat to move (meaningless once the game is over).
func (g *Game) Turn() int { return g.turn }

// Phase returns what the game waits for.
func (g *Game) Phase() Phase { return g.phase }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.phase == PhaseOver }

// End returns how the game ended, NotEnded while it runs.
func (g *Game) End() End { return g.end }

// Winner returns the winning seat and its points, or false when there is no
// winner (yet).
func (g *Game) Winner() (seat, points int, ok bool) {
	return g.winner, g.points, g.winner >= 0
}

// WinClusters returns a copy of the winner's three clusters (laid first);
// nil after a win by default or with no winner.
func (g *Game) WinClusters() [][]Card { return cloneGroups(g.winClusters) }

// NextDealer returns who deals the next game at this table: the winner, or
// after a game without one the seat after this game's dealer.
func (g *Game) NextDealer() int {
	if g.winner >= 0 {
		return g.winner
	}
	return (g.cfg.Dealer + 1) % g.cfg.Seats
}

// Turns returns how many turns have been taken: every draw and every
// successful LARO! call counts one. Solo games report it as the score.
func (g *Game) Turns() int { return g.turns }

// Reshuffles returns how often the discard pile became a new deck.
func (g *Game) Reshuffles() int { return g.reshuffles }

// DeckSize returns the number of cards in the draw deck.
func (g *Game) DeckSize() int { return len(g.deck) }

// TopDiscard returns the face-up top of the discard pile, or false if the
// pile is empty.
func (g *Game) TopDiscard() (Card, bool) {
	if len(g.discard) == 0 {
		return NoCard, false
	}
	return g.discard[len(g.discard)-1], true
}

// Claimable returns the card that may be called on now and who discarded
// it, or false when no card is open to a call.
func (g *Game) Claimable() (card Card, discarder int, ok bool) {
	if !g.claimable {
		return NoCard, -1, false
	}
	return g.discard[len(g.discard)-1], g.discarder, true
}

// Hand returns a sorted copy of a seat's hidden hand (nil for a bad seat).
// Only the bot calls it, to show a player their own cards.
func (g *Game) Hand(seat int) []Card {
	if seat < 0 || seat >= g.cfg.Seats {
		return nil
	}
	return sortedCopy(g.hands[seat])
}

// Laid returns a copy of a seat's laid clusters.
func (g *Game) Laid(seat int) [][]Card {
	if seat < 0 || seat >= g.cfg.Seats {
		return nil
	}
	return cloneGroups(g.laid[seat])
}

// Forfeited reports whether a seat has left the game.
func (g *Game) Forfeited(seat int) bool {
	return seat >= 0 && seat < g.cfg.Seats && g.out[seat]
}

// Log returns a copy of the accepted actions, in order.
func (g *Game) Log() Log { return slices.Clone(Log(g.log)) }

// Replay rebuilds a game from its configuration, seed and action log. The
// result is identical to the game that produced the log.
func Replay(cfg Config, seed uint64, actions []Action) (*Game, error) {
	g, err := New(cfg, seed)
	if err != nil {
		return nil, err
	}
	for i, a := range actions {
		if err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("replay action %d (%v): %w", i, a, err)
		}
	}
	return g, nil
}

func cloneGroups(gs [][]Card) [][]Card {
	if gs == nil {
		return nil
	}
	out := make([][]Card, len(gs))
	for i, g := range gs {
		out[i] = slices.Clone(g)
	}
	return out
}

// nextActive returns the first seat after s, clockwise, still playing.
func (g *Game) nextActive(s int) int {
	for i := 1; i <= g.cfg.Seats; i++ {
		n := (s + i) % g.cfg.Seats
		if !g.out[n] {
			return n
		}
	}
	return s
}

func (g *Game) holds(seat int) int {
	return len(g.hands[seat]) + 3*len(g.laid[seat])
}
