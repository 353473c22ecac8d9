// Package laro is the pure rules engine for Laro: the 63-card deck, clusters
// and their best split, turns, LARO! calls and the claim contest, settlement
// maths, per-seat views and the computer players.
//
// Nothing here reads a clock, the network, a database or the global random
// source. A game is its Config, its seed and its ordered list of actions;
// Replay rebuilds it exactly.
//
// Points the rulebook leaves to the engine are settled as follows.
//
//   - A player who holds a win may discard instead of declaring it.
//   - After a LARO! call that lays one cluster the caller must discard; they
//     may not declare a win then (a call that wins is made as a winning call).
//     A call that lays the caller's last two hand cards is always the win:
//     it must be made as a winning call.
//   - Void cards are interchangeable: an action naming a Void means "a Void
//     from my hand", and the engine records it as the lowest-numbered one.
//   - Drawing from an empty deck shuffles the discard pile but its top into a
//     new deck, twice at most. Running out a third time, or finding nothing to
//     shuffle, ends the game with no winner.
//   - A forfeited seat's hand and laid cards go face down to the bottom of the
//     draw deck, so nothing is revealed. If it was that seat's turn, play
//     passes on. The seat still pays a winner like any other loser (its escrow
//     covers it). When only one seat of a game that began with two or more is
//     left, that seat wins by default with 0 points: it takes the pot and no
//     stake is paid. A solo player who forfeits ends the game with no winner.
//   - The next dealer is the winner; after a game with no winner it is the
//     seat after the dealer.
//   - In a contest a winning call beats every call that does not; among calls
//     of the same sort the better cluster kind wins, then the caller first in
//     turn order after the discarder.
//   - Turns counts every draw and every successful LARO! call.
//   - The claim window on a discard at D closes at
//     max(D+W, min(N, S+G)) (Window.CloseAt): W is the table's minimum
//     window, N the next player's draw, S the stamp of the first LARO! call
//     and G the grace. So once D+W has passed with no draw, the first call
//     does not end the window at once: a call stamped within G after it
//     still takes part and the contest, not the faster click, picks
//     between them. A draw before S+G closes it then. With neither a draw
//     nor a call the window stays open. Calls stamped after the close are
//     too late.
package laro
