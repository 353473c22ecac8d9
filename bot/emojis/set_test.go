package emojis

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
)

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func TestNamesFitDiscordAndParseBack(t *testing.T) {
	fs, err := renderFaces()
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 93 {
		t.Fatalf("got %d faces, want 93", len(fs))
	}
	seen := map[string]bool{}
	for _, f := range fs {
		name := f.name()
		if len(name) < 2 || len(name) > 32 || strings.Trim(name, "abcdefghijklmnopqrstuvwxyz0123456789_") != "" {
			t.Errorf("name %q breaks Discord's rule: 2-32 letters, digits, underscores", name)
		}
		if seen[name] {
			t.Errorf("name %q is used twice", name)
		}
		seen[name] = true
		key, hash, ok := parseName(name)
		if !ok || key != f.key || hash != f.hash {
			t.Errorf("parseName(%q) = %q, %q, %v; want %q, %q, true", name, key, hash, ok, f.key, f.hash)
		}
		if len(f.png) > 256<<10 {
			t.Errorf("%s: %d bytes, over Discord's 256 KiB", name, len(f.png))
		}
	}
	for _, name := range []string{"circle_plus_4", "cardbot_logo_1234abcd", "circle_plus_11_1234abcd", "circle_plus_4_1234ABCD",
		"jack_clubs_123", "laro_cp4_1234abcd"} {
		if _, _, ok := parseName(name); ok {
			t.Errorf("parseName(%q) claims an emoji this package would not name so", name)
		}
	}
}

// A screen reader reads an emoji's name aloud: the names are words.
func TestKeysReadAsWords(t *testing.T) {
	cp4, _ := laro.NewCard(laro.Circle, true, 4)
	tm10, _ := laro.NewCard(laro.Triangle, false, 10)
	sp1, _ := laro.NewCard(laro.Square, true, 1)
	jc, _ := laus.ParseCard("JC")
	th, _ := laus.ParseCard("10H")
	qs, _ := laus.ParseCard("QS")
	d7, _ := laus.ParseCard("7D")
	for _, tc := range []struct{ got, want string }{
		{LaroKey(cp4), "circle_plus_4"}, {LaroKey(tm10), "triangle_minus_10"}, {LaroKey(sp1), "square_plus_1"},
		{LaroKey(laro.VoidCard(2)), "void"},
		{LausKey(jc), "jack_clubs"}, {LausKey(th), "ten_hearts"}, {LausKey(qs), "queen_spades"}, {LausKey(d7), "seven_diamonds"},
	} {
		if tc.got != tc.want {
			t.Errorf("key %q, want %q", tc.got, tc.want)
		}
	}
	for name, want := range map[string]bool{"laro_cp4_1a2b3c4d": true, "laro_v_00000000": true, "laus_10h_deadbeef": true,
		"laro_cp4": false, "circle_plus_4_1a2b3c4d": false, "server_logo": false, "laus_jc_xyz": false} {
		if got := oldName(name); got != want {
			t.Errorf("oldName(%q) = %v, want %v", name, got, want)
		}
	}
}

// connect opens a discordgo session on a fresh fake Discord.
func connect(t *testing.T) (*discordtest.Server, *discordgo.Session) {
	srv := discordtest.New(t)
	dg := srv.Session("token")
	if err := dg.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = dg.Close() })
	return srv, dg
}

func TestSyncReplacesOnlyItsOwnOldArt(t *testing.T) {
	srv, dg := connect(t)
	app := srv.AppID()
	fs, _ := renderFaces()
	img := "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
	// Someone else's emoji, an old face of ours, a face under its old
	// name, and one current face.
	for _, name := range []string{"server_logo", fs[0].key + "_00000000", "laro_cp4_" + fs[0].hash} {
		if _, err := dg.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: name, Image: img}); err != nil {
			t.Fatal(err)
		}
	}
	current, err := dg.ApplicationEmojiCreate(app, &discordgo.EmojiParams{Name: fs[1].name(), Image: img})
	if err != nil {
		t.Fatal(err)
	}

	s := New(quiet())
	if _, ok := s.Laro(laro.VoidCard(0)); ok {
		t.Fatal("an unsynced set answers a lookup")
	}
	if err := s.Sync(context.Background(), dg, app); err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, e := range srv.ApplicationEmojis() {
		names[e.Name] = e.ID
	}
	if names["server_logo"] == "" {
		t.Error("the sync deleted an emoji it did not make")
	}
	if names[fs[0].key+"_00000000"] != "" {
		t.Error("the sync kept its own face of old art")
	}
	if names["laro_cp4_"+fs[0].hash] != "" {
		t.Error("the sync kept a face under its old name")
	}
	if len(names) != 93+1 {
		t.Errorf("the application has %d emojis, want 93 faces and the logo", len(names))
	}
	// The face already there was kept, not uploaded again.
	if names[fs[1].name()] != current.ID {
		t.Errorf("%s was replaced (ID %s, was %s)", fs[1].name(), names[fs[1].name()], current.ID)
	}
	for c := laus.Card(1); c <= 32; c++ {
		e, ok := s.Laus(c)
		if !ok || names[e.Name] != e.ID || !strings.HasPrefix(e.Name, LausKey(c)+"_") {
			t.Errorf("%v: lookup %+v, %v; want its own face", c, e, ok)
		}
		if got, want := s.LausText(c), "<:"+e.Name+":"+e.ID+">"; got != want {
			t.Errorf("LausText(%v) = %q, want %q", c, got, want)
		}
	}
}

func TestNilAndUnsyncedSetsShowText(t *testing.T) {
	var nilSet *Set
	c, _ := laro.NewCard(laro.Square, false, 10)
	for _, s := range []*Set{nilSet, New(quiet())} {
		if got := s.LaroText(c); got != "■−10" {
			t.Errorf("LaroText = %q, want ■−10", got)
		}
		if got := s.LausText(laus.Card(8)); got != laus.Card(8).Symbol() {
			t.Errorf("LausText = %q, want %q", got, laus.Card(8).Symbol())
		}
		if _, ok := s.Laro(c); ok {
			t.Error("lookup answered without emojis")
		}
		s.Fit(&discordgo.MessageEmbed{Description: "x"}) // must not panic
	}
}

func TestFitTurnsOnlyOverlongFieldsToText(t *testing.T) {
	s := Fixed()
	var long, short []string
	for _, c := range laro.Deck()[:40] {
		long = append(long, s.LaroText(c))
	}
	for _, c := range laro.Deck()[:3] {
		short = append(short, s.LaroText(c))
	}
	e := &discordgo.MessageEmbed{Fields: []*discordgo.MessageEmbedField{
		{Name: "long", Value: strings.Join(long, " ")},
		{Name: "short", Value: strings.Join(short, " ")},
	}}
	s.Fit(e)
	if got := e.Fields[0].Value; strings.Contains(got, "<:") || !strings.HasPrefix(got, "●+1 ●+2") {
		t.Errorf("the long field still holds emojis or lost its cards: %.80q", got)
	}
	if got := e.Fields[1].Value; got != strings.Join(short, " ") {
		t.Errorf("the short field changed: %q", got)
	}
}

func TestLookupsAreSafeDuringSync(t *testing.T) {
	srv, dg := connect(t)
	s := New(quiet())
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
					s.LaroText(laro.VoidCard(0))
					s.Fit(&discordgo.MessageEmbed{Description: "x"})
					time.Sleep(time.Millisecond)
				}
			}
		})
	}
	s.Start(context.Background(), dg, srv.AppID())
	<-s.Done()
	close(stop)
	wg.Wait()
	if _, ok := s.Laro(laro.VoidCard(2)); !ok {
		t.Error("no Void emoji after the sync")
	}
}

func TestNowIsASnapshot(t *testing.T) {
	s := New(quiet())
	if s.Now() != nil {
		t.Fatal("an incomplete set gave a snapshot")
	}
	var nilSet *Set
	if nilSet.Now() != nil {
		t.Fatal("a nil set gave a snapshot")
	}
	snap := Fixed().Now()
	c, _ := laro.NewCard(laro.Circle, true, 1)
	if _, ok := snap.Laro(c); !ok {
		t.Error("the snapshot of a complete set has no emoji for C+1")
	}
}
