// Package laus is Laus on Discord: the /laus command (new, scoreboard,
// rules, each private with a way to show it), its settings (target, turn
// timer), the table that plays a match of the engine's rules (engine/laus,
// imported as rules) round by round, the skat, absent players whose seat
// the computer keeps until "I'm back", each round's summary (in one summary
// message beside the table message, both edited in place across rounds:
// see summary_message.go), the views, and the rebuild after a restart (also
// of a table still open after its match ended, with Play again). Matches
// stored by builds that posted a summary message per round are still
// rebuilt as they were.
//
// It imports the table machinery, ui, the engine and the store; never the
// transport nor another game.
package laus
