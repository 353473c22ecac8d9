package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/bot/shard"
)

// TestShardRefusesAnotherShardsServer runs the bot as shard 1 of 2 on a session that is
// not sharded, so the fake sends it every guild's clicks, as a misconfigured deployment
// would. It serves its own server, and answers a click from shard 0's server with one
// ephemeral line, storing nothing for that server. Being shard 1, it registers no
// commands (shard 0 does).
func TestShardRefusesAnotherShardsServer(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t, func(o *bot.Options) { o.Shard = shard.Shard{ID: 1, Count: 2} })
	if got := w.Srv.Commands(w.Guild.ID()); len(got) != 0 {
		t.Errorf("shard 1 registered %d commands; only shard 0 registers them", len(got))
	}
	mineG, theirsG := w.Srv.AddGuildOnShard("mine", 1, 2), w.Srv.AddGuildOnShard("theirs", 0, 2)
	mine, theirs := mineG.AddChannel("tables"), theirsG.AddChannel("tables")
	// What shard 0 would have registered.
	if _, err := w.Session.ApplicationCommandBulkOverwrite(w.Srv.AppID(), "", w.B.Commands()); err != nil {
		t.Fatal(err)
	}
	alice := w.Srv.User("alice")

	r, err := alice.Slash(mine, "chips balance")
	if m := e2e.Reply(t, r, err); !strings.Contains(e2e.Text(m), "**1000** chips") {
		t.Errorf("/chips balance in shard 1's server answered %q, want 1000 chips", e2e.Text(m))
	}
	for _, cmd := range []string{"chips balance", "laro new"} {
		r, err := alice.Slash(theirs, cmd)
		cb := e2e.Answer(t, r, err)
		if !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "another cardbot process") {
			t.Errorf("/%s in shard 0's server answered (ephemeral=%v) %q, want an ephemeral refusal", cmd, cb.Ephemeral, e2e.Text(cb.Message))
		}
	}
	if ms := theirs.Messages(); len(ms) != 0 {
		t.Errorf("shard 0's channel shows %d messages, want none", len(ms))
	}
	ctx := context.Background()
	if rows, err := w.St.Leaderboard(ctx, theirsG.ID(), 10); err != nil || len(rows) != 0 {
		t.Errorf("shard 0's server has players %v (%v), want none", rows, err)
	}
	live, err := w.St.LiveGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range live {
		if g.Guild == theirsG.ID() {
			t.Errorf("a table was opened in shard 0's server: %+v", g)
		}
	}
	w.NoFailures()
}
