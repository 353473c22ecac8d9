package emojis

import (
	"context"
	"fmt"
	"image"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/cardface"
	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
)

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// testFaces are faces as the games register them, 93 of them drawn by
// cardface; this package cannot import the games (they import it), so the
// keys are made up here. The games' own keys are tested with the games.
func testFaces() []catalog.Face {
	var fs []catalog.Face
	for i, c := range laro.Deck()[:61] {
		fs = append(fs, catalog.Face{Key: fmt.Sprintf("laro_face_%d", i), Text: c.Symbol(), Draw: func() *image.NRGBA { return cardface.Laro(c) }})
	}
	for c := laus.Card(1); c <= 32; c++ {
		fs = append(fs, catalog.Face{Key: fmt.Sprintf("laus_face_%d", c), Text: c.Symbol(), Draw: func() *image.NRGBA { return cardface.Laus(c) }})
	}
	return fs
}

// retired is a key the faces had before.
var retired = []string{"laro_cp4"}

func TestNamesFitDiscordAndParseBack(t *testing.T) {
	known := newFaces(testFaces(), retired)
	fs, err := renderFaces(testFaces())
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
		key, hash, ok := known.parseName(name)
		if !ok || key != f.key || hash != f.hash {
			t.Errorf("parseName(%q) = %q, %q, %v; want %q, %q, true", name, key, hash, ok, f.key, f.hash)
		}
		if len(f.png) > 256<<10 {
			t.Errorf("%s: %d bytes, over Discord's 256 KiB", name, len(f.png))
		}
	}
	for _, name := range []string{"laro_face_4", "cardbot_logo_1234abcd", "laro_face_99_1234abcd", "laro_face_4_1234ABCD",
		"laus_face_1_123", "laro_cp4_1234abcd"} {
		if _, _, ok := known.parseName(name); ok {
			t.Errorf("parseName(%q) claims an emoji this package would not name so", name)
		}
	}
}

// An emoji this package made under a retired key is its own old name; a
// current face, a name without a hash and another's emoji are not.
func TestOldNamesAreTheRetiredKeys(t *testing.T) {
	fs := newFaces(testFaces(), retired)
	for name, want := range map[string]bool{"laro_cp4_1a2b3c4d": true, "laro_cp4": false,
		"laro_face_4_1a2b3c4d": false, "server_logo": false, "laro_cp4_xyz": false} {
		if got := fs.oldName(name); got != want {
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
	faces := testFaces()
	fs, _ := renderFaces(faces)
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

	s := New(quiet(), faces, retired)
	if _, ok := s.Lookup(faces[60].Key); ok {
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
	for _, f := range faces {
		e, ok := s.Lookup(f.Key)
		if !ok || names[e.Name] != e.ID || !strings.HasPrefix(e.Name, f.Key+"_") {
			t.Errorf("%s: lookup %+v, %v; want its own face", f.Key, e, ok)
		}
		if got, want := s.Text(f.Key, f.Text), "<:"+e.Name+":"+e.ID+">"; got != want {
			t.Errorf("Text(%s) = %q, want %q", f.Key, got, want)
		}
	}
}

func TestNilAndUnsyncedSetsShowText(t *testing.T) {
	var nilSet *Set
	f := testFaces()[0]
	for _, s := range []*Set{nilSet, New(quiet(), testFaces(), nil)} {
		if got := s.Text(f.Key, f.Text); got != f.Text {
			t.Errorf("Text = %q, want %q", got, f.Text)
		}
		if _, ok := s.Lookup(f.Key); ok {
			t.Error("lookup answered without emojis")
		}
		s.Fit(&discordgo.MessageEmbed{Description: "x"}) // must not panic
	}
}

func TestFitTurnsOnlyOverlongFieldsToText(t *testing.T) {
	faces := testFaces()
	s := Fixed(faces...)
	var long, short []string
	for _, f := range faces[:40] {
		long = append(long, s.Text(f.Key, f.Text))
	}
	for _, f := range faces[:3] {
		short = append(short, s.Text(f.Key, f.Text))
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
	faces := testFaces()
	s := New(quiet(), faces, nil)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
					s.Text(faces[60].Key, faces[60].Text)
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
	if _, ok := s.Lookup(faces[60].Key); !ok {
		t.Error("no emoji for the last Laro face after the sync")
	}
}

func TestNowIsASnapshot(t *testing.T) {
	s := New(quiet(), testFaces(), nil)
	if s.Now() != nil {
		t.Fatal("an incomplete set gave a snapshot")
	}
	var nilSet *Set
	if nilSet.Now() != nil {
		t.Fatal("a nil set gave a snapshot")
	}
	complete := Fixed(testFaces()...)
	snap := complete.Now()
	if _, ok := snap.Lookup("laro_face_0"); !ok {
		t.Error("the snapshot of a complete set has no emoji for its first face")
	}
	// Every view drawn takes one, so taking one costs nothing, and a
	// snapshot of a snapshot is itself.
	if n := testing.AllocsPerRun(100, func() { complete.Now() }); n != 0 {
		t.Errorf("Now allocates %.0f times, want none", n)
	}
	if complete.Now() != snap || snap.Now() != snap {
		t.Error("the set's snapshots differ while nothing was published")
	}
}

// ShortestText is the length of the shortest inline emoji, for views that
// decide before drawing whether a field of emojis can fit.
func TestShortestTextIsTheShortestEmoji(t *testing.T) {
	var incomplete *Set
	if n := incomplete.ShortestText(); n != 0 {
		t.Errorf("a missing set's shortest text: %d, want 0", n)
	}
	faces := testFaces()
	s := Fixed(faces...)
	shortest := 0
	for _, f := range faces {
		if n := len([]rune(s.Text(f.Key, f.Text))); shortest == 0 || n < shortest {
			shortest = n
		}
	}
	if shortest < len("<:a:1>") {
		t.Fatalf("the faces show as text (%d characters), not as emojis", shortest)
	}
	if got := s.ShortestText(); got != shortest {
		t.Errorf("ShortestText() = %d, want %d", got, shortest)
	}
	if got := s.Now().ShortestText(); got != shortest {
		t.Errorf("a snapshot's ShortestText() = %d, want %d", got, shortest)
	}
}
