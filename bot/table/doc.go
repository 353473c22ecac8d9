// Package table is the machinery every table has, whatever its game: the
// actor goroutine that owns a table's state (Actor), seats and the shared
// lobby, players' hand messages and their stored tokens, the idle timer,
// the registry of live tables and seats (Env: who sits where, routing a
// click to its table), stored announcements, games played in threads
// (Thread), a server's defaults for new tables (Env.GuildDefaults), the
// shared parts of rebuilding a table after a restart (Env.Restore;
// Env.ResumeFinished for a table still open after its game ended, see
// finished.go), and what a table does when Discord no longer takes its
// messages (a channel deleted or shut to the bot, a server that removed
// it, a game's thread archived, locked or deleted: places.go).
//
// The transport lives beneath it: each table's messages go out through its
// outbox (package outbox), paced under Discord's global rate limit by the
// process's restpace.Pacer; calls through interaction tokens go through
// package webhook; package threads starts and reopens games' threads; and
// package shard says which servers a process serves. A table message with
// a click's token bound to it is edited through that token, outside the
// global budget (outbox/token.go, tokens.go).
//
// A game embeds Core in its table type and implements Table (and
// LobbyGame); it writes every action to the store before it answers. The
// core holds no pointer back to the game that embeds it: what needs the
// game's views (HandReply, RefreshHands, DealHands, AnswerStart,
// AfterGameView, CloseThread, like ArmIdle and Abandon) is a function the
// game calls with itself as the Table.
// What every game's table does the same way is here, and a game gives
// only what differs: its lobby message (LobbyMessage), the start of its
// first game (StartGame, with how it deals), the end of a move
// (Core.Commit), the end of a game (EndGame), Play again (PlayAgain, with
// an Again: the next game's settings, how the table switches to it and how
// it deals) and the rebuild after a restart (Env.Rebuild, with a
// Rebuilder). A game's own server defaults are catalog settings, kept by
// the store per game kind (store.GuildSettings.Games). The games themselves are known through the catalog
// (Env.Games), never by name.
// This package imports ui, store, the transport packages and discordgo,
// and no game.
package table
