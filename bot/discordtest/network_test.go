package discordtest_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// rawREST sends one request to the fake without discordgo, which would
// otherwise wait out every limit by itself, and returns the response with
// its body read.
func rawREST(t *testing.T, srv *discordtest.Server, method, route, auth, body string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL()+"/api/v9"+route, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, route, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// tooManyBody is Discord's 429 body.
type tooManyBody struct {
	Message    string   `json:"message"`
	RetryAfter *float64 `json:"retry_after"`
	Global     *bool    `json:"global"`
}

func decode429(t *testing.T, b []byte) tooManyBody {
	t.Helper()
	var body tooManyBody
	if err := json.Unmarshal(b, &body); err != nil || body.Message == "" || body.RetryAfter == nil || body.Global == nil {
		t.Fatalf("429 body = %s (%v), want message, retry_after and global", b, err)
	}
	return body
}

func headerFloat(t *testing.T, h http.Header, name string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(h.Get(name), 64)
	if err != nil {
		t.Fatalf("%s = %q, want a number", name, h.Get(name))
	}
	return v
}

func TestLatencyDelaysREST(t *testing.T) {
	t.Parallel()
	srv, ch, dg := setup(t, nil)
	const base = 80 * time.Millisecond
	srv.SetLatency(base, 20*time.Millisecond)
	start := time.Now()
	if _, err := dg.ChannelMessageSend(ch.ID(), "slow link"); err != nil {
		t.Fatal(err)
	}
	if got := time.Since(start); got < base {
		t.Errorf("send took %v, want at least the %v round trip", got, base)
	}
	reqs := srv.Requests()
	if last := reqs[len(reqs)-1]; last.Duration < base {
		t.Errorf("recorded Duration = %v, want at least %v", last.Duration, base)
	}
}

func TestLatencyCountsTowardCallbackDeadline(t *testing.T) {
	t.Parallel()
	errs := make(chan error, 2)
	srv, ch, _ := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		errs <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "at once"},
		})
	}, discordtest.WithCallbackDeadline(300*time.Millisecond))
	alice := srv.User("alice")

	// A 100 ms round trip: the callback arrives 50 ms after it was sent.
	srv.SetLatency(100*time.Millisecond, 0)
	resp, err := alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatal(err)
	}
	cb, err := resp.Wait()
	if err != nil {
		t.Fatalf("Wait with a 100 ms round trip: %v", err)
	}
	if cb.Latency < 50*time.Millisecond {
		t.Errorf("callback Latency = %v, want at least the 50 ms way there", cb.Latency)
	}
	if err := <-errs; err != nil {
		t.Errorf("InteractionRespond: %v", err)
	}

	// A 1 s round trip: an immediate answer still reaches Discord after
	// 500 ms, too late for a 300 ms deadline.
	srv.SetLatency(time.Second, 0)
	resp, err = alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := resp.Wait(); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Errorf("Wait with a 1 s round trip: err = %v, want ErrInteractionFailed", err)
	}
	wantCode(t, "callback half a second on its way", <-errs, 404, discordgo.ErrCodeUnknownInteraction)
	if kinds := failureKinds(srv); kinds != "[timeout late callback]" {
		t.Errorf("failures = %s, want [timeout late callback]", kinds)
	}
}

func TestChannelBucket429(t *testing.T) {
	t.Parallel()
	srv, ch, _ := setup(t, nil)
	other := ch.Guild().AddChannel("other")
	srv.EnableRateLimits(discordtest.DefaultRateLimits())
	route := "/channels/" + ch.ID() + "/messages"
	for n := 1; n <= 5; n++ {
		resp, b := rawREST(t, srv, "POST", route, "Bot fake-token", `{"content":"hi"}`)
		h := resp.Header
		if resp.StatusCode != 200 || h.Get("X-RateLimit-Limit") != "5" || h.Get("X-RateLimit-Remaining") != strconv.Itoa(5-n) ||
			h.Get("X-RateLimit-Bucket") != "channel-message-create" || h.Get("X-RateLimit-Scope") != "" {
			t.Fatalf("post %d: %d %v %s, want 200 with limit 5, remaining %d, bucket channel-message-create, no scope", n, resp.StatusCode, h, b, 5-n)
		}
		if after := headerFloat(t, h, "X-RateLimit-Reset-After"); after <= 0 || after > 5.002 {
			t.Errorf("post %d: Reset-After = %v, want within the 5 s window", n, after)
		}
	}

	resp, b := rawREST(t, srv, "POST", route, "Bot fake-token", `{"content":"one too many"}`)
	h := resp.Header
	if resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("sixth post: status %d %s, want 429", resp.StatusCode, b)
	}
	want := map[string]string{
		"X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0", "X-RateLimit-Bucket": "channel-message-create",
		"X-RateLimit-Scope": "user", "X-RateLimit-Global": "", "Retry-After": "5",
	}
	for k, v := range want {
		if got := h.Get(k); got != v {
			t.Errorf("429 %s = %q, want %q", k, got, v)
		}
	}
	after := headerFloat(t, h, "X-RateLimit-Reset-After")
	reset := headerFloat(t, h, "X-RateLimit-Reset")
	if after <= 4 || after > 5.002 {
		t.Errorf("429 Reset-After = %v, want just under 5 s", after)
	}
	if now := float64(time.Now().UnixMilli()) / 1000; reset < now || reset > now+5.1 {
		t.Errorf("429 Reset = %v, want an epoch time within 5 s of %v", reset, now)
	}
	body := decode429(t, b)
	if *body.Global || *body.RetryAfter != after {
		t.Errorf("429 body = %+v, want global false and retry_after %v", body, after)
	}
	if n := len(ch.Messages()); n != 5 {
		t.Errorf("channel shows %d messages, want the 5 admitted", n)
	}

	// Another channel is another bucket.
	if resp, b := rawREST(t, srv, "POST", "/channels/"+other.ID()+"/messages", "Bot fake-token", `{"content":"hi"}`); resp.StatusCode != 200 {
		t.Errorf("post to another channel: %d %s, want 200", resp.StatusCode, b)
	}

	st := srv.RateLimitStats()
	key := "channel-message-create channels/" + ch.ID()
	if got := st.Buckets[key]; got != (discordtest.BucketStats{Requests: 6, TooMany: 1}) {
		t.Errorf("Buckets[%q] = %+v, want 6 requests and 1 refused", key, got)
	}
	if st.TooMany[discordtest.ScopeUser] != 1 || st.TooMany[discordtest.ScopeGlobal] != 0 {
		t.Errorf("TooMany = %v, want 1 user and 0 global", st.TooMany)
	}
	if st.Requests[discordtest.ScopeUser] != 7 || st.Requests[discordtest.ScopeGlobal] != 7 {
		t.Errorf("Requests = %v, want 7 user and 7 global", st.Requests)
	}
}

func TestDiscordgoBurstHonoursHeaders(t *testing.T) {
	t.Parallel()
	srv, ch, dg := setup(t, nil)
	const per = 300 * time.Millisecond
	limits := discordtest.DefaultRateLimits()
	limits.Routes = []discordtest.RouteLimit{
		{Bucket: "create", Method: "POST", Pattern: "/channels/*/messages", Limit: discordtest.Limit{Requests: 3, Per: per}},
		{Bucket: "edit", Method: "PATCH", Pattern: "/channels/*/messages/*", Limit: discordtest.Limit{Requests: 3, Per: per}},
	}
	srv.EnableRateLimits(limits)

	const n = 8
	start := time.Now()
	var wg sync.WaitGroup
	for k := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m, err := dg.ChannelMessageSend(ch.ID(), fmt.Sprint("message ", k))
			if err != nil {
				t.Errorf("send %d: %v", k, err)
				return
			}
			if _, err := dg.ChannelMessageEdit(ch.ID(), m.ID, fmt.Sprint("edited ", k)); err != nil {
				t.Errorf("edit %d: %v", k, err)
			}
		}()
	}
	wg.Wait()
	// Eight posts at three a window need three windows.
	if got := time.Since(start); got < 2*per {
		t.Errorf("burst took %v, want at least %v", got, 2*per)
	}
	st := srv.RateLimitStats()
	if len(st.TooMany) != 0 {
		t.Errorf("TooMany = %v, want no 429 for a client that reads the headers", st.TooMany)
	}
	if got := st.Buckets["create channels/"+ch.ID()].Requests; got != n {
		t.Errorf("create bucket saw %d requests, want %d", got, n)
	}
	msgs := ch.Messages()
	if len(msgs) != n {
		t.Fatalf("channel shows %d messages, want %d", len(msgs), n)
	}
	for _, m := range msgs {
		if !strings.HasPrefix(m.Content, "edited ") {
			t.Errorf("message %s = %q, want it edited", m.ID, m.Content)
		}
	}
}

func TestInteractionEndpointsSkipGlobal(t *testing.T) {
	t.Parallel()
	srv, ch, dg := setup(t, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		})
		if err == nil {
			_, err = s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "seat taken"})
		}
		if err == nil {
			content := "seat taken (edited)"
			_, err = s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content})
		}
		if err != nil {
			t.Errorf("answering with the interaction token: %v", err)
		}
	})
	srv.EnableRateLimits(discordtest.RateLimits{Global: discordtest.Limit{Requests: 2, Per: 10 * time.Second}})
	alice := srv.User("alice")
	for range 3 {
		resp, err := alice.Slash(ch, "laro new", discordtest.IntOpt("stake", 5))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := resp.WaitEdited(2, 3*time.Second); err != nil {
			t.Fatal(err)
		}
	}
	st := srv.RateLimitStats()
	if st.Requests[discordtest.ScopeGlobal] != 0 || len(st.TooMany) != 0 {
		t.Errorf("after 9 interaction calls: Requests %v, TooMany %v; want none against the global limit", st.Requests, st.TooMany)
	}
	noFailures(t, srv)

	// The bot's own calls do count.
	for k := range 2 {
		if _, err := dg.ChannelMessageSend(ch.ID(), fmt.Sprint("post ", k)); err != nil {
			t.Fatal(err)
		}
	}
	if got := srv.RateLimitStats().Requests[discordtest.ScopeGlobal]; got != 2 {
		t.Errorf("global requests after two posts = %d, want 2", got)
	}
}

func TestGlobalLimit429(t *testing.T) {
	t.Parallel()
	srv, _, _ := setup(t, nil)
	srv.EnableRateLimits(discordtest.RateLimits{Global: discordtest.Limit{Requests: 5, Per: 10 * time.Second}})
	for n := 1; n <= 5; n++ {
		resp, b := rawREST(t, srv, "GET", "/users/@me", "Bot fake-token", "")
		if resp.StatusCode != 200 || resp.Header.Get("X-RateLimit-Bucket") != "" {
			t.Fatalf("request %d: %d %v %s, want 200 without route headers", n, resp.StatusCode, resp.Header, b)
		}
	}
	resp, b := rawREST(t, srv, "GET", "/users/@me", "Bot fake-token", "")
	if resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("sixth request: %d %s, want 429", resp.StatusCode, b)
	}
	want := map[string]string{
		"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global", "Retry-After": "10", "X-RateLimit-Bucket": "",
	}
	for k, v := range want {
		if got := resp.Header.Get(k); got != v {
			t.Errorf("global 429 %s = %q, want %q", k, got, v)
		}
	}
	if body := decode429(t, b); !*body.Global || *body.RetryAfter <= 9 || *body.RetryAfter > 10.002 {
		t.Errorf("global 429 body = %s, want global true and retry_after just under 10", b)
	}

	// An interaction callback is not bound to the global limit even now; it
	// reaches the fake, which knows no such interaction.
	if resp, b := rawREST(t, srv, "POST", "/interactions/1/token/callback", "Bot fake-token", `{"type":4}`); resp.StatusCode != 404 {
		t.Errorf("callback while the global limit is spent: %d %s, want 404 Unknown interaction", resp.StatusCode, b)
	}
	// Another bot's token has its own global limit.
	if resp, b := rawREST(t, srv, "GET", "/users/@me", "Bot other-token", ""); resp.StatusCode != 200 {
		t.Errorf("another token: %d %s, want 200", resp.StatusCode, b)
	}

	st := srv.RateLimitStats()
	if st.Requests[discordtest.ScopeGlobal] != 7 || st.TooMany[discordtest.ScopeGlobal] != 1 || st.TooMany[discordtest.ScopeUser] != 0 {
		t.Errorf("stats = requests %v, 429s %v; want 7 global requests and 1 global 429", st.Requests, st.TooMany)
	}
}

func TestRateLimitsOffByDefault(t *testing.T) {
	t.Parallel()
	srv, ch, _ := setup(t, nil)
	for range 8 {
		resp, b := rawREST(t, srv, "POST", "/channels/"+ch.ID()+"/messages", "Bot fake-token", `{"content":"hi"}`)
		if resp.StatusCode != 200 || resp.Header.Get("X-RateLimit-Limit") != "" {
			t.Fatalf("post: %d %v %s, want 200 without rate limit headers", resp.StatusCode, resp.Header, b)
		}
	}
	if st := srv.RateLimitStats(); len(st.Requests) != 0 || len(st.TooMany) != 0 || len(st.Buckets) != 0 {
		t.Errorf("stats = %+v, want empty while rate limits are off", st)
	}
}

func TestWithoutRequestBodiesKeepsRoutesAndTimingOnly(t *testing.T) {
	t.Parallel()
	for _, drop := range []bool{false, true} {
		var opts []discordtest.Option
		if drop {
			opts = append(opts, discordtest.WithoutRequestBodies())
		}
		srv, ch, dg := setup(t, nil, opts...)
		if _, err := dg.ChannelMessageSend(ch.ID(), "kept or not"); err != nil {
			t.Fatal(err)
		}
		reqs := srv.Requests()
		last := reqs[len(reqs)-1]
		if last.Method != "POST" || last.Route != "/channels/{id}/messages" || last.Status != 200 || last.Start.IsZero() {
			t.Errorf("drop=%v: the call was logged as %s %s %d at %v, want its method, route, status and time", drop, last.Method, last.Route, last.Status, last.Start)
		}
		if kept := strings.Contains(string(last.Body), "kept or not"); kept == drop {
			t.Errorf("drop=%v: the logged body is %q", drop, last.Body)
		}
	}
}
