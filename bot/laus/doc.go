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
// Its words come from the catalogue (bot/lang, laus.toml). What the
// channel shows (the table message, its events, the round summaries, a
// shared scoreboard) is in the server's language, an event in the language
// of its moment; a hand is in its player's own; an answer to a command or
// click (refusals, the rules, history, replays, a private scoreboard) is
// in the clicker's. German labels cards B D K A (Bube, Dame, König, Ass)
// and uses Skat's words: Stich, Trumpf, Augen, den Skat aufnehmen or
// schieben, zwei Karten drücken, Durchmarsch for taking every trick. The
// card pictures (emojis, the round picture's cards) are one set for every
// language and keep J Q K A; a refusal no case foresees quotes the
// engine's English error.
//
// It imports the table machinery, ui, the engine and the store; never the
// transport nor another game.
package laus
