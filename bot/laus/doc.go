// Package laus is Laus on Discord: the /laus command (new, scoreboard,
// rules), its settings (target, turn timer), the table that plays a match
// of the engine's rules (engine/laus, imported as rules) round by round,
// the skat, absent players whose seat the computer keeps until "I'm back",
// each round's public summary (stored with the action that ends the round,
// posted exactly once), the views, and the rebuild after a restart (also of
// a table still open after its match ended, with Play again).
//
// It imports the table machinery, ui, the engine and the store; never the
// transport nor another game.
package laus
