// Package shard says which part of Discord's servers a cardbot process
// serves when the bot runs as several processes (Shard), by Discord's
// formula (Of).
package shard
