package laro

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

func TestLaroNewRefusesOptionsOutOfRange(t *testing.T) {
	t.Parallel()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g := &Game{env: table.NewEnv(nil, st, slog.New(slog.NewTextHandler(io.Discard, nil)), table.Timing{})}
	opt := func(name string, v int) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionInteger, Value: float64(v)}
	}
	// A forged command skips the client's range checks.
	for name, tc := range map[string]struct {
		opt  *discordgo.ApplicationCommandInteractionDataOption
		want string
	}{
		"stake":        {opt("stake", 5000), "stake must be between 0 and 1000"},
		"ante":         {opt("ante", -1), "ante must be between"},
		"claim window": {opt("claim_window", 16), "claim window must be between 0 and 15"},
		"turn timer":   {opt("turn_timer", 5), "turn timer must be between 15 and 600"},
	} {
		in := ui.NewInput(&discordgo.Interaction{ID: "1"})
		in.GuildID, in.ChannelID, in.UserID, in.Options = "g", "c", "u", ui.OptionsView{tc.opt.Name: tc.opt}
		r := g.newTable(context.Background(), in)
		if r == nil || r.Data == nil || !strings.Contains(r.Data.Content, tc.want) || r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Errorf("%s out of range: got %+v, want an ephemeral %q", name, r, tc.want)
		}
	}
	if games, err := st.LiveGames(context.Background()); err != nil || len(games) != 0 {
		t.Errorf("refused commands left %d tables (%v)", len(games), err)
	}
}
