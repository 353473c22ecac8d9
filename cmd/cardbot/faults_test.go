package main

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/internal/screen"
)

// TestDiscordFaultsUnderLoadLoseNothing plays tables against the real
// binary while Discord misbehaves as it does in production: 429s with
// retry_after on table message edits and interaction callbacks, 500, 502
// and 503 on posts and edits, a dropped gateway connection the bot resumes,
// and one it cannot resume and must identify again. Every game must end with
// nothing lost, nothing answered twice, the bot reconnected by itself, and
// every table message showing its game's final state.
func TestDiscordFaultsUnderLoadLoseNothing(t *testing.T) {
	t.Parallel()
	seed := rand.Uint64()
	t.Logf("table sizes from seed %d", seed)
	w := newSoakWorld(t, 6, rand.New(rand.NewPCG(seed, 0xfa17)))
	w.open()
	srv := w.srv

	const play = 10 * time.Second
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stop atomic.Bool
	start := time.Now()
	done := w.playUntil(ctx, &stop)
	at := func(d time.Duration) { time.Sleep(time.Until(start.Add(d))) }

	at(1 * time.Second)
	srv.RateLimit("PATCH", "/channels/*/messages/*", 4, 400*time.Millisecond)
	srv.RateLimit("POST", "/interactions/*/*/callback", 3, 200*time.Millisecond)
	srv.RateLimit("PATCH", "/webhooks/*/*/messages/*", 3, 300*time.Millisecond)
	at(2500 * time.Millisecond)
	srv.FailRequests("PATCH", "/channels/*/messages/*", 3, http.StatusInternalServerError)
	srv.FailRequests("PATCH", "/channels/*/messages/*", 2, http.StatusServiceUnavailable)
	srv.FailRequests("POST", "/channels/*/messages", 2, http.StatusBadGateway)
	srv.FailRequests("PATCH", "/webhooks/*/*/messages/*", 2, http.StatusBadGateway)
	srv.FailRequests("POST", "/interactions/*/*/callback", 2, http.StatusServiceUnavailable)
	srv.FailRequests("POST", "/interactions/*/*/callback", 1, http.StatusInternalServerError)
	at(4 * time.Second)
	srv.DropConnections()
	if err := srv.WaitConnected(1, 30*time.Second); err != nil {
		t.Fatalf("the bot did not reconnect after a dropped connection: %v", err)
	}
	t.Logf("resumed %v after the drop", time.Since(start.Add(4*time.Second)).Round(time.Millisecond))
	at(7 * time.Second)
	srv.InvalidateSessions()
	if err := srv.WaitConnected(1, 30*time.Second); err != nil {
		t.Fatalf("the bot did not identify again after its session was invalidated: %v", err)
	}
	t.Logf("identified again %v after the invalidation", time.Since(start.Add(7*time.Second)).Round(time.Millisecond))
	at(9 * time.Second)
	late := clickWhileCut(t, w)
	at(play)
	stop.Store(true)
	w.awaitDrain(done, cancel, time.Minute)

	if got := srv.Resumes(); got < 1 {
		t.Errorf("Resumes() = %d, want the dropped session resumed", got)
	}
	if got := srv.Identifies(); got < 2 {
		t.Errorf("Identifies() = %d, want a second IDENTIFY after the refused RESUME", got)
	}
	injected := map[int]int{}
	for _, r := range srv.Requests() {
		if r.Start.After(start) && r.Status >= 429 {
			injected[r.Status]++
		}
	}
	t.Logf("Discord answered %v (status: count)", injected)
	for _, status := range []int{429, 500, 502, 503} {
		if injected[status] == 0 {
			t.Errorf("no request got %d: the fault was never hit, so it was not tested", status)
		}
	}
	// A click made while no bot was connected fails as Discord shows it
	// ("This interaction failed"); nothing else may fail, and nothing may be
	// answered twice. The click made during the cut reached the bot after
	// its deadline, and the bot answered it (in vain, 10062) and went on.
	offline := map[string]bool{}
	answeredLate := false
	for _, f := range srv.Failures() {
		switch {
		case f.Kind == discordtest.FailureTimeout && (strings.Contains(f.Detail, "no bot was connected") ||
			strings.Contains(f.Detail, "not delivered to a bot")):
			// Clicked while the gateway was cut: the bot could not have
			// answered within 3 s, and answers late once it is back.
			offline[f.InteractionID] = true
		case f.Kind == discordtest.FailureTimeout && strings.Contains(f.Detail, "session that was then invalidated"):
			// Sent to the session just before Discord invalidated it: lost
			// with it, as a real click would be (the user sees it fail).
		case f.Kind == discordtest.FailureLate && offline[f.InteractionID]:
			answeredLate = answeredLate || f.InteractionID == late
		default:
			t.Errorf("interaction failure a user would see: %s", f)
		}
	}
	if !answeredLate {
		t.Errorf("the bot never answered interaction %s, replayed to it after its 3 s had passed", late)
	}
	var clicks, lost int
	for _, st := range w.tables {
		for _, p := range st.players {
			clicks, lost = clicks+p.clicks, lost+p.lost
		}
	}
	t.Logf("%v: %d clicks, %d unanswered, %d failed while no bot was connected", time.Since(start).Round(time.Millisecond), clicks, lost, len(offline))
	if acked := w.check(); acked == 0 {
		t.Error("no click was acknowledged: the test checked nothing")
	}
}

// clickWhileCut cuts the gateway for a second longer than the callback
// deadline (3 s, or 6 s under -race), and meanwhile a player clicks My hand.
// discordgo tries again about 1, 2, 4 and 8 s after the drop (by its logs),
// so it is back 4 or 8 s after it, past the deadline: Discord replays the
// click on the RESUME, dead already. It returns the click's interaction ID.
func clickWhileCut(t *testing.T, w *soakWorld) string {
	t.Helper()
	w.srv.CutGateway(callbackDeadline + time.Second)
	// Any table in a game will do: one may be between games (showing its
	// result and Play again, no My hand) at this moment.
	var st *soakTable
	var table *discordgo.Message
	var b screen.Button
	for _, cand := range w.tables {
		m := cand.current()
		if found, ok := screen.Find(m, "hand"); ok {
			st, table, b = cand, m, found
			break
		}
	}
	if st == nil {
		t.Fatalf("no table's message offers My hand; the first one shows:\n%s", msgText(w.tables[0].current()))
	}
	r, err := st.players[0].u.Click(table, b.ID)
	if err != nil {
		t.Fatalf("a click while the gateway is cut: %v", err)
	}
	if _, err := r.Wait(); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Errorf("a click while the gateway was cut: got %v, want ErrInteractionFailed", err)
	}
	if err := w.srv.WaitConnected(1, 30*time.Second); err != nil {
		t.Fatalf("the bot did not come back after the gateway did: %v", err)
	}
	// The bot answers the replayed click as soon as it is back.
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) && !answered(w.srv, r.ID()) {
		time.Sleep(50 * time.Millisecond)
	}
	return r.ID()
}

// answered reports whether the bot's (late) callback for interaction id
// reached the fake.
func answered(srv *discordtest.Server, id string) bool {
	for _, f := range srv.Failures() {
		if f.InteractionID == id && f.Kind == discordtest.FailureLate {
			return true
		}
	}
	return false
}
