// Package guildsettings is the /cardbot command: help, the list of
// cardbot's commands for everyone (see package help), and settings, a server's
// defaults for new tables (Laro's stake, ante and claim window, the turn
// timer, the Laus target, whether games are played in threads, and when a
// player who has not moved is pinged: the turn notice, read by each table
// once per game), shown with their current values and changed by members with the Manage
// Server permission. /laro new and /laus new read them for every option
// left out; an option given there still wins.
//
// Each value is checked by the same function the game's /new uses, so a
// default can never be one that /new would refuse.
package guildsettings
