// Package webhook makes the REST calls that go through an interaction's
// token (Discord's webhook endpoints): each token gets a rate-limit bucket
// of its own, forgotten once idle, and successful answers' bodies are read
// and dropped. Discord does not count these calls against the bot's global
// limit.
package webhook
