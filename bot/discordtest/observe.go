package discordtest

import (
	"time"

	"github.com/bwmarrin/discordgo"
)

// Change is one change to a message that a person could see: a message
// posted, edited or deleted, in a channel or among one user's ephemeral
// messages. Discord's clients are told of each as it happens.
type Change struct {
	// At is the real time the fake made the change: the moment Discord
	// would show it, before the answer travels back to the bot.
	At time.Time
	// Channel is where the message is.
	Channel *Channel
	// Owner is the only user who sees an ephemeral message; nil for a
	// message in the channel.
	Owner *User
	// Message is a copy of the message after the change; for a deletion,
	// as it was last shown.
	Message *discordgo.Message
	// Created reports a new message, Deleted one removed; neither means an
	// edit.
	Created, Deleted bool
}

// WithObserver calls f with every Change, in the order the fake makes them,
// as a load generator or monitor needs to see what people see without
// polling. f runs while the fake holds its lock, so it must return quickly
// and must not call the Server; it should hand the change on.
func WithObserver(f func(Change)) Option {
	return func(cfg *config) { cfg.observe = f }
}

// observeLocked reports a change of rec to the observer, if there is one.
// Callers hold s.mu and have just changed rec.
func (s *Server) observeLocked(rec *message, created, deleted bool) {
	if s.cfg.observe == nil {
		return
	}
	s.cfg.observe(Change{
		At: time.Now(), Channel: rec.channel, Owner: rec.owner, Message: copyMessage(rec.m),
		Created: created, Deleted: deleted,
	})
}
