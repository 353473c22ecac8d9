package discordtest_test

import (
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// TestShardedSessions connects two sessions as shards 0 and 1 of 2 and checks that each
// gets only its own guilds (in READY, as GUILD_CREATE, and when a guild is added later)
// and only its own guilds' interactions.
func TestShardedSessions(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	on0 := srv.AddGuildOnShard("zero", 0, 2)
	on1 := srv.AddGuildOnShard("one", 1, 2)
	for g, want := range map[*discordtest.Guild]uint64{on0: 0, on1: 1} {
		id, err := strconv.ParseUint(g.ID(), 10, 64)
		if err != nil || (id>>22)%2 != want {
			t.Fatalf("guild %s (%v): (id >> 22) %% 2 = %d, want %d", g.ID(), err, (id>>22)%2, want)
		}
	}

	var mu sync.Mutex
	seen := map[int][]string{} // shard → guilds of the interactions it got
	sessions := make([]*discordgo.Session, 2)
	for shard := range sessions {
		dg := srv.Session("")
		dg.ShardID, dg.ShardCount = shard, 2
		dg.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
			mu.Lock()
			seen[shard] = append(seen[shard], i.GuildID)
			mu.Unlock()
			_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "shard " + strconv.Itoa(shard)},
			})
		})
		if err := dg.Open(); err != nil {
			t.Fatalf("shard %d: Open: %v", shard, err)
		}
		t.Cleanup(func() { _ = dg.Close() })
		sessions[shard] = dg
	}
	if err := srv.WaitConnected(2, 3*time.Second); err != nil {
		t.Fatal(err)
	}
	later := srv.AddGuildOnShard("one, later", 1, 2)

	guildsOf := func(dg *discordgo.Session) []string {
		dg.State.RLock()
		defer dg.State.RUnlock()
		var ids []string
		for _, g := range dg.State.Guilds {
			ids = append(ids, g.ID)
		}
		slices.Sort(ids)
		return ids
	}
	want := [][]string{{on0.ID()}, {on1.ID(), later.ID()}}
	slices.Sort(want[1])
	deadline := time.Now().Add(3 * time.Second)
	for shard, dg := range sessions {
		for !slices.Equal(guildsOf(dg), want[shard]) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if got := guildsOf(dg); !slices.Equal(got, want[shard]) {
			t.Errorf("shard %d knows guilds %v, want %v", shard, got, want[shard])
		}
	}

	if _, err := sessions[0].ApplicationCommandCreate(srv.AppID(), "", &discordgo.ApplicationCommand{Name: "ping", Description: "ping"}); err != nil {
		t.Fatal(err)
	}
	u := srv.User("alice")
	for _, c := range []struct {
		g     *discordtest.Guild
		shard int
	}{{on0, 0}, {on1, 1}, {later, 1}} {
		r, err := u.Slash(c.g.AddChannel("tables"), "ping")
		if err != nil {
			t.Fatal(err)
		}
		cb, err := r.Wait()
		if err != nil {
			t.Fatalf("/ping in guild %s: %v", c.g.Name(), err)
		}
		if want := "shard " + strconv.Itoa(c.shard); cb.Message == nil || cb.Message.Content != want {
			t.Errorf("/ping in guild %s answered by %+v, want %q", c.g.Name(), cb.Message, want)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(seen[0], []string{on0.ID()}) || !slices.Equal(seen[1], []string{on1.ID(), later.ID()}) {
		t.Errorf("interactions seen by shard: %v; want shard 0 only %s, shard 1 only %s and %s", seen, on0.ID(), on1.ID(), later.ID())
	}
	noFailures(t, srv)
}
