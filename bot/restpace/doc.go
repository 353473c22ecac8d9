// Package restpace paces the bot's REST calls under Discord's global rate
// limit: a Pacer starts the calls that limit binds (the tables' messages,
// through their outboxes, and the few others, which Wait for a share of
// the budget), slows down after a 429 (backoff.go), and GateGlobal counts
// those calls again where they reach the wire. Calls through an
// interaction's token are not bound by the global limit and pass by.
//
// It knows a table's outbox only as a Sender, and imports no other bot
// package but metrics.
package restpace
