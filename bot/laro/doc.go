// Package laro is Laro on Discord: the /laro command (new, rules, stats),
// its settings (stake, ante, claim window, turn timer), the table that
// plays a game of the engine's rules (engine/laro, imported as rules),
// LARO! calls and their arbitration by snowflake time, chips held in
// escrow and settled in the transaction of the winning action, timeouts,
// computer seats, the views of the table and of each hand, and the rebuild
// of a table after a restart from its stored log (also of a table still open
// after its game ended, with Play again and nothing settled twice).
//
// Every word it shows comes from the message catalogue (bot/lang,
// locales/*/laro.toml): the table, its events and the end picture in the
// server's language (Core.Lang), a hand, a note and every answer to a click
// in the reader's (in.Lang, Core.ReaderLang). Card symbols are the same in
// every language.
//
// It imports the table machinery, ui, the engine and the store; never the
// transport nor another game.
package laro
