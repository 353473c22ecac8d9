package emojis

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// counting passes every call to a real session and counts them; lists
// signals each finished list call.
type counting struct {
	API
	creates, deletes atomic.Int32
	lists            chan struct{}
}

func (c *counting) ApplicationEmojis(appID string, options ...discordgo.RequestOption) ([]*discordgo.Emoji, error) {
	es, err := c.API.ApplicationEmojis(appID, options...)
	select {
	case c.lists <- struct{}{}:
	default:
	}
	return es, err
}

func (c *counting) ApplicationEmojiCreate(appID string, data *discordgo.EmojiParams, options ...discordgo.RequestOption) (*discordgo.Emoji, error) {
	c.creates.Add(1)
	return c.API.ApplicationEmojiCreate(appID, data, options...)
}

func (c *counting) ApplicationEmojiDelete(appID, emojiID string, options ...discordgo.RequestOption) error {
	c.deletes.Add(1)
	return c.API.ApplicationEmojiDelete(appID, emojiID, options...)
}

// patience bounds the waits of these tests: a follower draws all 93 faces
// before it first lists, which a loaded machine under -race makes slow.
const patience = time.Minute

// fastFollow makes followers poll every few milliseconds for a test.
func fastFollow(t *testing.T) {
	first, most := followFirst, followMax
	followFirst, followMax = 5*time.Millisecond, 50*time.Millisecond
	t.Cleanup(func() { followFirst, followMax = first, most })
}

// A second shard starting beside shard 0 on a fresh application waits for
// shard 0's uploads and shows the same emojis, uploading and deleting
// nothing itself (two uploaders raced for each name before, and one got
// APPLICATION_EMOJI_NAME_ALREADY_TAKEN).
func TestFollowerWaitsForShardZerosUploads(t *testing.T) {
	fastFollow(t)
	srv, dg := connect(t)
	app := srv.AppID()
	api := &counting{API: dg, lists: make(chan struct{}, 1)}
	f := New(quiet(), testFaces(), nil)
	f.StartFollowing(context.Background(), api, app)
	select {
	case <-api.lists:
	case <-time.After(patience):
		t.Fatal("the follower never listed the application's emojis")
	}
	faces := testFaces()
	if _, ok := f.Lookup(faces[60].Key); ok {
		t.Fatal("the follower answers lookups before any face is uploaded")
	}

	leader := New(quiet(), testFaces(), nil)
	if err := leader.Sync(context.Background(), dg, app); err != nil {
		t.Fatal(err)
	}
	select {
	case <-f.Done():
	case <-time.After(patience):
		t.Fatal("the follower did not take up the uploaded faces")
	}
	for _, fc := range faces {
		if got, want := f.Text(fc.Key, fc.Text), leader.Text(fc.Key, fc.Text); got != want || got == fc.Text {
			t.Errorf("%s: the follower shows %q, shard 0 %q", fc.Key, got, want)
		}
	}
	if n, d := api.creates.Load(), api.deletes.Load(); n != 0 || d != 0 {
		t.Errorf("the follower uploaded %d and deleted %d emojis, want none", n, d)
	}
	if got := len(srv.ApplicationEmojis()); got != 93 {
		t.Errorf("the application has %d emojis, want the 93 faces once", got)
	}
}

// A follower whose leader never uploads stops at shutdown, showing text.
func TestFollowerStopsWithItsContext(t *testing.T) {
	fastFollow(t)
	srv, dg := connect(t)
	ctx, cancel := context.WithCancel(context.Background())
	api := &counting{API: dg, lists: make(chan struct{}, 1)}
	f := New(quiet(), testFaces(), nil)
	f.StartFollowing(ctx, api, srv.AppID())
	<-api.lists
	cancel()
	select {
	case <-f.Done():
	case <-time.After(patience):
		t.Fatal("the follower did not stop with its context")
	}
	if fc := testFaces()[60]; f.Text(fc.Key, fc.Text) != fc.Text {
		got := f.Text(fc.Key, fc.Text)
		t.Errorf("with no faces uploaded the follower shows %q, want the text form", got)
	}
}
