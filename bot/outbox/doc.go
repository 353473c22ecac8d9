// Package outbox sends one table's messages to Discord off the table's
// goroutine: the table message (posted, edited, moved into a game's thread
// and back), announcements, turn notices and thread members, redraws of
// clicked messages, the players' hand messages and follow-ups through
// their interaction tokens, and the pictures a table message carries. It
// also notices when the table's place stops taking its messages
// (unreachable.go) and tells the table.
//
// Calls bound by Discord's global rate limit wait for the process's
// restpace.Pacer; calls through an interaction's token go at once, through
// package webhook. It imports neither the table nor any game: the table
// gives it renderings and callbacks.
package outbox
