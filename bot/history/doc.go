// Package history is what every game's /… history and /… replay share for
// looking back at finished games: the paged list of a player's games (/… history), the checks and
// refusals of a replay request, the autocomplete of game IDs, and the
// navigation of a replay viewer (⏮ ◀ ▶ ⏭ and a jump menu).
//
// A game gets all of it with one Module, built in its own package with its
// catalog entry and what only it can draw (a line of its list, its replay
// steps); another game's ID is answered with that game's replay command,
// found in the catalog. This package names no game.
//
// Nothing here keeps state between clicks: a history page and a replay step
// are whole in their custom_id (see ReplayControl and PageButton), so a viewer opened
// before a restart goes on working after it. Each game module draws its own
// steps; this package never sees a card.
package history
