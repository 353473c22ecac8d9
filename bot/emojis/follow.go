package emojis

import (
	"context"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
)

// With several shards, the application's emojis are shared: every process
// uploading the missing faces at once would race for the same names, and
// all but one would be refused (APPLICATION_EMOJI_NAME_ALREADY_TAKEN) and
// show cards as text. So one shard, shard 0 (which also registers the slash
// commands), syncs with Start; every other one follows with StartFollowing:
// it only lists the application's emojis, until the faces of its own art
// are all there, and never uploads or deletes one.

// Polling bounds of a follower: it looks again soon after its start (the
// syncing shard uploads 93 faces in a few seconds on a fresh application),
// then ever less often, so a leader that cannot upload costs one list call a
// minute and nothing more.
var (
	followFirst = time.Second
	followMax   = time.Minute
)

// StartFollowing fills the set in the background from the emojis another
// process (shard 0) syncs, without uploading or deleting any. It never
// delays the caller; ctx ends the work (at shutdown). Done is closed once
// the set is complete or ctx has ended.
func (s *Set) StartFollowing(ctx context.Context, api API, appID string) {
	go func() {
		defer close(s.done)
		if err := s.Follow(ctx, api, appID); err != nil && ctx.Err() == nil {
			s.log.Warn("card emojis unavailable; cards show as text", "err", err)
		}
	}()
}

// Follow lists the application's emojis until every face of this build's
// art is among them, then makes lookups answer. A failed list is tried
// again at the next poll: the leader may be restarting too.
func (s *Set) Follow(ctx context.Context, api API, appID string) error {
	faces, err := renderFaces(s.faces.list)
	if err != nil {
		return err
	}
	wait := followFirst
	for {
		have, err := api.ApplicationEmojis(appID, discordgo.WithContext(ctx))
		if err == nil {
			if ready, texts, missing := match(faces, have); missing == 0 {
				s.publish(ready, texts)
				s.log.Info("card emojis ready", "faces", len(faces), "synced by", "shard 0")
				return nil
			} else if wait >= followMax {
				s.log.Info("card emojis not all uploaded yet; cards show as text meanwhile", "missing", missing)
			}
		} else if ctx.Err() == nil {
			s.log.Warn("listing application emojis", "err", err)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for shard 0's card emojis: %w", ctx.Err())
		case <-time.After(wait):
		}
		wait = min(2*wait, followMax)
	}
}

// match finds each face among have by its name: the emojis lookups answer
// with, the faces' text forms, and how many faces are not there.
func match(faces []face, have []*discordgo.Emoji) (ready map[string]discordgo.ComponentEmoji, texts map[string]string, missing int) {
	byName := map[string]*discordgo.Emoji{}
	for _, e := range have {
		byName[e.Name] = e
	}
	ready = make(map[string]discordgo.ComponentEmoji, len(faces))
	texts = make(map[string]string, len(faces))
	for _, f := range faces {
		e := byName[f.name()]
		if e == nil {
			missing++
			continue
		}
		ready[f.key] = discordgo.ComponentEmoji{Name: e.Name, ID: e.ID}
		texts[f.key] = f.text
	}
	return ready, texts, missing
}
