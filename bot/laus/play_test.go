package laus

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// newTestLausTable starts a three-player match on a real store and a fake
// Discord. The clicks below are forged, which Discord's client never
// sends, so they are fed straight to the table's dispatcher.
func newTestLausTable(t *testing.T) *lausTable {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "cardbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv := discordtest.New(t)
	ch := srv.AddGuild("g1").AddChannel("c1")
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	env := table.NewEnv(srv.Session("test-token"), st, log, table.Timing{})
	t.Cleanup(func() {
		env.Stop(ctx)
		_ = st.Close()
	})
	tb := &lausTable{
		Core: table.Core{
			Env: env, Kind: store.KindLaus, Title: "Laus", ID: "t3st00", Guild: ch.Guild().ID(), Channel: ch.ID(), Host: "u0",
			Seats:  []table.Seat{{UserID: "u0", Name: "a"}, {UserID: "u1", Name: "b"}, {UserID: "u2", Name: "c"}},
			Status: store.StatusLobby,
		},
		settings: lausSettings{Target: 1500, TurnTimerS: 600, MatchNo: 1},
	}
	g, err := st.CreateGame(ctx, store.Game{TableID: tb.ID, Kind: store.KindLaus, Guild: tb.Guild, Channel: tb.Channel,
		Host: tb.Host, Settings: tb.settings.marshal(), Seats: table.StoreSeats(tb.Seats)})
	if err != nil {
		t.Fatal(err)
	}
	tb.GameID = g.ID
	env.Start(tb, "")
	in := ui.NewInput(&discordgo.Interaction{ID: "1"})
	in.UserID, in.GuildID = "u0", tb.Guild
	in.Component = ui.ComponentID{Game: "laus", Key: tb.ID, Verb: "start"}
	if r := env.Route(ctx, in); r != nil && r.Data != nil && !strings.Contains(r.Data.Embeds[0].Description, "has started") {
		t.Fatalf("start refused: %s", r.Data.Content)
	}
	return tb
}

// forge sends a forged click by user on the current state's hand buttons
// and returns what the answer says.
func (tb *lausTable) forge(user, verb, arg string, values ...string) string {
	in := ui.NewInput(&discordgo.Interaction{ID: "1"})
	in.UserID, in.GuildID, in.Values = user, tb.Guild, values
	in.Component = ui.ComponentID{Game: "laus", Key: tb.ID, Stamp: int(tb.Seq), Verb: ui.Verb(verb), Arg: arg}
	r := tb.Env.Route(context.Background(), in)
	if r == nil || r.Data == nil {
		return ""
	}
	s := r.Data.Content
	for _, e := range r.Data.Embeds {
		s += "\n" + e.Description
	}
	return s
}

func TestLausForgedClicksChangeNothing(t *testing.T) {
	tb := newTestLausTable(t)
	turn := tb.match.Turn()
	mover, other := tb.Seats[turn].UserID, tb.Seats[(turn+1)%3].UserID
	hand := tb.match.Hand(turn)
	var queen, plain rules.Card
	for _, c := range hand {
		switch {
		case c.IsQueen() || c.IsJack():
			queen = c
		case plain == rules.NoCard:
			plain = c
		}
	}
	notMine := tb.match.Hand((turn + 1) % 3)[0]

	tests := []struct {
		name, user, verb, arg string
		values                []string
		want                  string
	}{
		{"out of turn", other, "look", "", nil, "It is not your turn."},
		{"not seated", "stranger", "pass", "", nil, "not seated"},
		{"play during the skat", mover, "play", plain.String(), nil, "The skat has to be decided first."},
		{"lay back without looking", mover, "lay", "", []string{hand[0].String(), hand[1].String()}, "not something to do at this point"},
		{"a card that is no card", mover, "play", "ZZ", nil, "not one of this table's"},
		{"I'm back while present", mover, "resume", "", nil, "not playing for you"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			seq, log := tb.Seq, len(tb.match.Log())
			got := tb.forge(tc.user, tc.verb, tc.arg, tc.values...)
			if !strings.Contains(got, tc.want) {
				t.Errorf("answer %q, want it to contain %q", got, tc.want)
			}
			if tb.Seq != seq || len(tb.match.Log()) != log {
				t.Errorf("state moved: seq %d → %d, log %d → %d; want no change", seq, tb.Seq, log, len(tb.match.Log()))
			}
		})
	}

	// Once the mover has looked, lay-backs are checked card by card.
	if got := tb.forge(mover, "look", ""); strings.Contains(got, "⚠️") {
		t.Fatalf("a legal look was refused: %s", got)
	}
	hand = tb.match.Hand(turn)
	var ok []rules.Card
	for _, c := range hand {
		if !c.IsQueen() && !c.IsJack() {
			ok = append(ok, c)
		}
	}
	layTests := []struct {
		name   string
		values []string
		want   string
	}{
		{"the same card twice", []string{ok[0].String(), ok[0].String()}, "two different cards"},
		{"a card from another hand", []string{ok[0].String(), notMine.String()}, "not in your hand"},
		{"one card", []string{ok[0].String()}, "exactly two cards"},
	}
	if queen != rules.NoCard {
		layTests = append(layTests, struct {
			name   string
			values []string
			want   string
		}{"a queen or jack", []string{ok[0].String(), queen.String()}, "Queens and jacks cannot be laid back."})
	}
	for _, tc := range layTests {
		t.Run(tc.name, func(t *testing.T) {
			seq := tb.Seq
			if got := tb.forge(mover, "lay", "", tc.values...); !strings.Contains(got, tc.want) {
				t.Errorf("answer %q, want it to contain %q", got, tc.want)
			}
			if tb.Seq != seq {
				t.Errorf("seq %d → %d, want no change", seq, tb.Seq)
			}
		})
	}
	g, err := tb.Env.Store.Game(context.Background(), tb.GameID)
	if err != nil || g.LastSeq != tb.Seq {
		t.Errorf("stored last seq %d (%v), want %d", g.LastSeq, err, tb.Seq)
	}
}
