package main

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/shard"
	"github.com/cardbot/cardbot/store"
)

// identifyEvery is Discord's spacing of IDENTIFYs within one bucket of a token.
const identifyEvery = 5 * time.Second

// waitIdentifyTurn waits, before the gateway session opens, until this shard's bucket
// may IDENTIFY. Discord allows one IDENTIFY per 5 s in each bucket shard_id %
// max_concurrency, counted over all of the token's processes, and max_concurrency comes
// from GET /gateway/bot (discordgo reads only GET /gateway, and identifies as soon as it
// connects). The processes take turns through the database (store.ClaimIdentify), so N
// shards starting at once, or a standby taking over beside a restarting shard, identify
// one bucket-turn apart instead of being refused. Later re-identifies of a live session
// (after Discord invalidates it) are discordgo's own and rare; a refused one is retried
// by discordgo.
func waitIdentifyTurn(ctx context.Context, session *discordgo.Session, st *store.Store, sh shard.Shard, log *slog.Logger) error {
	concurrency := 1
	gw, err := session.GatewayBot()
	switch {
	case restCode(err) == http.StatusUnauthorized:
		return nil // Open says so, with the token's advice
	case err != nil:
		log.Warn("could not read max_concurrency (GET /gateway/bot); identifying one shard at a time", "err", err)
	case gw.SessionStartLimit.MaxConcurrency > 0:
		concurrency = gw.SessionStartLimit.MaxConcurrency
	}
	bucket := sh.ID % concurrency
	for {
		wait, err := st.ClaimIdentify(ctx, bucket, identifyEvery)
		if err != nil || wait == 0 {
			return err
		}
		log.Info("another shard identified a moment ago; waiting for this one's turn", "bucket", bucket, "max_concurrency", concurrency, "wait", wait)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}
