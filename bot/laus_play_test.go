package bot

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// newTestLausTable starts a three-player match on a real store, without
// Discord: the clicks below are forged, which Discord's client never sends,
// so they are fed straight to the table's dispatcher.
func newTestLausTable(t *testing.T) *lausTable {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "cardbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	o := Options{Store: st, Log: log}
	o.defaults()
	b := &Bot{opts: o, store: st, log: log, tables: map[tableKey]table{}, seats: map[seatKey]string{}}
	tb := &lausTable{
		tableCore: tableCore{
			b: b, kind: "laus", title: "Laus", id: "t3st00", guild: "g1", channel: "c1", host: "u0",
			seats:  []seat{{UserID: "u0", Name: "a"}, {UserID: "u1", Name: "b"}, {UserID: "u2", Name: "c"}},
			status: store.StatusLobby, hands: map[string]handToken{},
		},
		settings: lausSettings{Target: 1500, TurnTimerS: 600, MatchNo: 1},
	}
	g, err := st.CreateGame(ctx, store.Game{TableID: tb.id, Kind: store.KindLaus, Guild: tb.guild, Channel: tb.channel,
		Host: tb.host, Settings: tb.settings.marshal(), Seats: storeSeats(tb.seats)})
	if err != nil {
		t.Fatal(err)
	}
	tb.gameID = g.ID
	// The actor and outbox are never run: timers are 10 minutes away, and
	// renderings only queue up.
	tb.act = newActor()
	tb.out = newOutbox(nil, log, tb.channel, "", time.Second, nil)
	if r := tb.begin(ctx, time.Now()); r != nil {
		t.Fatalf("begin refused: %s", r.Data.Content)
	}
	t.Cleanup(tb.stopTimers)
	return tb
}

// forge sends a forged click by user on the current state's hand buttons.
func (tb *lausTable) forge(user, verb, arg string, values ...string) string {
	in := &Input{
		UserID: user, GuildID: tb.guild, interaction: &discordgo.Interaction{ID: "1"},
		Component: ComponentID{Game: "laus", Table: tb.id, Turn: int(tb.seq), Verb: verb, Arg: arg},
		Values:    values,
	}
	r := tb.handle(context.Background(), in)
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
	mover, other := tb.seats[turn].UserID, tb.seats[(turn+1)%3].UserID
	hand := tb.match.Hand(turn)
	var queen, plain laus.Card
	for _, c := range hand {
		switch {
		case c.IsQueen() || c.IsJack():
			queen = c
		case plain == laus.NoCard:
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
			seq, log := tb.seq, len(tb.match.Log())
			got := tb.forge(tc.user, tc.verb, tc.arg, tc.values...)
			if !strings.Contains(got, tc.want) {
				t.Errorf("answer %q, want it to contain %q", got, tc.want)
			}
			if tb.seq != seq || len(tb.match.Log()) != log {
				t.Errorf("state moved: seq %d → %d, log %d → %d; want no change", seq, tb.seq, log, len(tb.match.Log()))
			}
		})
	}

	// Once the mover has looked, lay-backs are checked card by card.
	if got := tb.forge(mover, "look", ""); strings.Contains(got, "⚠️") {
		t.Fatalf("a legal look was refused: %s", got)
	}
	hand = tb.match.Hand(turn)
	var ok []laus.Card
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
	if queen != laus.NoCard {
		layTests = append(layTests, struct {
			name   string
			values []string
			want   string
		}{"a queen or jack", []string{ok[0].String(), queen.String()}, "Queens and jacks cannot be laid back."})
	}
	for _, tc := range layTests {
		t.Run(tc.name, func(t *testing.T) {
			seq := tb.seq
			if got := tb.forge(mover, "lay", "", tc.values...); !strings.Contains(got, tc.want) {
				t.Errorf("answer %q, want it to contain %q", got, tc.want)
			}
			if tb.seq != seq {
				t.Errorf("seq %d → %d, want no change", seq, tb.seq)
			}
		})
	}
	g, err := tb.b.store.Game(context.Background(), tb.gameID)
	if err != nil || g.LastSeq != tb.seq {
		t.Errorf("stored last seq %d (%v), want %d", g.LastSeq, err, tb.seq)
	}
}
