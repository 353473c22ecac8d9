// Package highcard is a third game that exists only to prove the shared
// machinery: a two-to-four-player "high card" round, written as one package
// and registered by one line (a test adds New to bot.Options.Modules). Each
// player is dealt three cards of 1 to 20 from a seeded shuffle; in seat order
// each plays one; the highest card played takes the pot. A staked table
// (stake > 0, no computer seat) has every player put the stake in at the deal.
//
// Everything else it has comes from the shared packages and nothing there
// names it: the lobby, seats and Play again (table), private hands and the
// turn timer with the server's default (table, guildsettings), chips (store,
// in the same transaction as the last play: table.Core.Commit), restart
// recovery (table.Env.Rebuild), history and replay (history, through the
// catalog), and its card faces as application emojis (emojis, from its
// catalog entry).
//
// It is a test fixture: cardbot's own module list (bot/games) does not
// include it, so players never see it. Only tests import it.
package highcard
