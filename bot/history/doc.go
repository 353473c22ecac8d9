// Package history is what /laro and /laus share for looking back at finished
// games: the paged list of a player's games (/… history), the checks and
// refusals of a replay request, the autocomplete of game IDs, and the
// navigation of a replay viewer (⏮ ◀ ▶ ⏭ and a jump menu).
//
// Nothing here keeps state between clicks: a history page and a replay step
// are whole in their custom_id (see ReplayControl and PageButton), so a viewer opened
// before a restart goes on working after it. Each game module draws its own
// steps; this package never sees a card.
package history
