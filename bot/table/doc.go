// Package table is the machinery every table has, whatever its game: the
// actor goroutine that owns a table's state (Actor), the outbox that sends
// its messages off that goroutine (Outbox), seats and the shared lobby,
// players' hand messages and their stored tokens, the idle timer, the
// registry of live tables and seats (Env: who sits where, routing a click
// to its table), stored announcements, games played in threads (Thread),
// a server's defaults for new tables (Env.GuildDefaults), and the shared
// parts of rebuilding a table after a restart (Env.Restore; Env.ResumeFinished
// for a table still open after its game ended, see finished.go), and the
// pacing of every call Discord's global rate limit binds: the dispatcher,
// which sends the stalest table's latest rendering within the budget, and
// GateGlobal, which counts those calls again where they reach the wire
// (a table message with a click's token bound to it is edited through that
// token instead, outside the budget: outbox_token.go, tokens.go);
// and what a table does when Discord no longer takes its messages (a
// channel deleted or shut to the bot, a server that removed it, a game's
// thread archived, locked or deleted: unreachable.go, places.go).
//
// A game embeds Core in its table type and implements Table (and
// LobbyGame); it writes every action to the store before it answers.
// This package imports ui, store and discordgo, and no game.
package table
