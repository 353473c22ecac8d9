// Package guildsettings is the /cardbot command: help, the list of
// cardbot's commands for everyone (see package help), and settings, a server's
// defaults for new tables (each game's own, as it registered them in the
// catalog of games: Laro's stake, ante and claim window, the Laus target;
// and those every game shares: the turn timer, whether games are played in
// threads, and when a player who has not moved is pinged: the turn notice,
// read by each table once per game), shown with their current values and
// changed by members with the Manage Server permission. Each game's /new
// reads them for every option left out; an option given there still wins.
//
// Each value is checked by the same function the game's /new uses, so a
// default can never be one that /new would refuse.
package guildsettings
