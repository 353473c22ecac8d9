package main

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/cardbot/cardbot/bot/shard"
	"github.com/cardbot/cardbot/store"
)

// identifyEvery is how far apart the shards of one bucket identify: Discord's 5 s, and a
// second more for what comes between the turn and the IDENTIFY reaching Discord (the
// gateway's TCP and WebSocket handshakes and its hello), which varies between processes.
const identifyEvery = 6 * time.Second

// gateIdentify makes the session's first gateway connection wait until this shard's
// bucket may IDENTIFY. Discord allows one IDENTIFY per 5 s in each bucket shard_id %
// max_concurrency, counted over all of the token's processes, and max_concurrency comes
// from GET /gateway/bot (discordgo reads only GET /gateway, and identifies as soon as it
// connects). The processes take turns through the database (store.ClaimIdentify),
// claimed as the connection is dialled, just before the IDENTIFY: so N shards starting
// at once, or a standby taking over beside a restarting shard, identify a turn apart
// instead of being refused. Later connections (RESUMEs, and the rare re-identify after
// Discord invalidates a session, which discordgo retries if refused) are not held.
func gateIdentify(ctx context.Context, session *discordgo.Session, st *store.Store, sh shard.Shard, log *slog.Logger) {
	concurrency := 1
	gw, err := session.GatewayBot()
	switch {
	case httpStatus(err) == http.StatusUnauthorized:
		return // Open says so, with the token's advice
	case err != nil:
		log.Warn("could not read max_concurrency (GET /gateway/bot); identifying one shard at a time", "err", err)
	case gw.SessionStartLimit.MaxConcurrency > 0:
		concurrency = gw.SessionStartLimit.MaxConcurrency
	}
	bucket := sh.ID % concurrency
	var first atomic.Bool
	d := *websocket.DefaultDialer
	d.NetDialContext = func(dctx context.Context, network, addr string) (net.Conn, error) {
		if first.CompareAndSwap(false, true) {
			if err := waitIdentifyTurn(ctx, st, bucket, concurrency, log); err != nil {
				return nil, err
			}
		}
		return (&net.Dialer{}).DialContext(dctx, network, addr)
	}
	session.Dialer = &d
}

// waitIdentifyTurn waits until bucket's turn to identify is this process's.
func waitIdentifyTurn(ctx context.Context, st *store.Store, bucket, concurrency int, log *slog.Logger) error {
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
