package bot

import (
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/shard"
	"github.com/cardbot/cardbot/bot/ui"
)

// A sharded bot runs one process per shard (Options.Shard), all on the same database.
// What decides ownership is shard.Shard; this file applies it to the transport:
//
//   - Slash commands belong to the application, not to a shard: shard 0 registers them
//     at start and the other shards leave them alone. N processes overwriting the same
//     list at once would only spend Discord's rate limit, and a rolling upgrade would
//     flap the list between old and new builds; with one registrar, the list changes
//     when shard 0 runs the new build.
//   - The card emojis belong to the application too: shard 0 uploads them, the
//     others list them until all are there (emojis.Set.StartFollowing), so no two
//     processes race to upload the same name.
//   - After a restart only this shard's live tables are rebuilt (recoverTables).
//   - An interaction from another shard's guild is refused without touching anything.
//     Discord never sends one; a misconfigured SHARD_COUNT, or a guild that moved
//     shards when the count changed, could.

// registersCommands reports whether this process registers the slash commands.
func (b *Bot) registersCommands() bool { return b.opts.Shard.ID == 0 }

// foreignGuild returns the reply refusing an interaction from a guild another shard
// serves, or nil if this shard owns it.
func (b *Bot) foreignGuild(log *slog.Logger, i *discordgo.Interaction) *ui.Reply {
	if b.opts.Shard.Owns(i.GuildID) {
		return nil
	}
	log.Warn("an interaction from another shard's server; refused",
		"guild", i.GuildID, "shard", b.opts.Shard.ID, "owner", shard.Of(i.GuildID, b.opts.Shard.Count))
	// What a player sees if a click reached a process that does not serve
	// their server, in their language.
	return ui.EphemeralText(lang.Of(i.Locale).T("common.other_shard"))
}
