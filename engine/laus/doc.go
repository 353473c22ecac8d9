// Package laus is the rules engine for Laus, the trick-taking game for three or
// four players, together with its computer players.
//
// The engine is pure: it reads no clock, does no I/O and draws every shuffle
// from the seeded source the caller names, so a match is fully determined by
// its configuration, its seed and its list of actions (see Replay).
//
// A Match is driven like a chess game: Legal lists what a seat may do, Apply
// validates an Action against the rules and either applies it or returns a
// sentinel error and changes nothing, and View gives one seat's snapshot,
// which never holds another seat's hidden cards.
//
// Points the rulebook leaves open are settled here, and in the doc comments
// of the names they concern:
//
//   - Every round starts from a freshly shuffled deck (the cards of the last
//     round are not gathered in order), drawn from the match's seeded source.
//   - With three players every seat takes its skat turn, even after an earlier
//     seat has looked: a later seat may look at the cards the earlier looker
//     laid down. Each pass doubles the round, whoever passes.
//   - A looker may lay back the very cards they picked up when neither is a
//     queen or a jack. Since at most eight cards are queens or jacks and the
//     looker holds twelve, a legal lay-back always exists.
//   - The skat joins the pile of the last trick's winner as if taken in a
//     trick: its card points, its queen bonuses and a Q♦ in it all count,
//     whether or not anyone looked at the skat. So a Q♣ left in the skat
//     brings that player its 300, and a Q♦ there cancels every queen bonus
//     in their pile (only theirs). It is not a trick, so it never changes
//     anyone's trick count.
//   - There is no "round over" pause inside the engine: the play that ends a
//     round scores it and deals the next one at once (unless the match is
//     over). The finished round is reported by LastRound, Results and
//     View.LastRound.
//   - A match ends only when a total reaches the target from below; totals
//     far below zero never end it.
package laus
