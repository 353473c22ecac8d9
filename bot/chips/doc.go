// Package chips is the /chips command: every (server, player) has a chip
// balance kept as a ledger in the store; players see theirs, collect a
// daily bonus and compare on a leaderboard, and members with Manage Server
// grant or take chips. Games move chips themselves, in the transaction of
// the action that moves them.
//
// It imports the table machinery only for the shared environment (the
// store and the log), and the ui vocabulary; never the transport or a game.
package chips
