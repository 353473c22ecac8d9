package discordtest

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"path"
	"strconv"
	"sync"
	"time"
)

// Discord's rate limits, as its developer documentation ("Rate Limits", and
// "Receiving and Responding" for interactions) describes them:
//
//   - Per-route limits exist for many endpoints and may depend on the HTTP
//     method. Some are shared by a set of similar endpoints; the
//     X-RateLimit-Bucket header names the limit, "non-inclusive of top-level
//     resources in the path".
//   - Per-route limits are counted separately for each top-level resource in
//     the path: a channel (channel_id), a guild (guild_id) or a webhook
//     (webhook_id, or webhook_id + webhook_token). Exhausting a limit on
//     /channels/1234 does not stop the same call on /channels/9876.
//   - The global limit: a bot can make up to 50 requests per second, across
//     all routes, independent of the per-route limits. Requests without an
//     Authorization header are limited by IP address instead.
//   - The interaction endpoints — the callback POST
//     /interactions/{id}/{token}/callback and the webhook routes opened by an
//     interaction token, /webhooks/{application_id}/{token}... — are not bound
//     to the global limit. Interaction webhooks otherwise "share the same rate
//     limit properties as normal webhooks".
//   - Most responses carry X-RateLimit-Limit, -Remaining, -Reset (epoch
//     seconds), -Reset-After (seconds, with decimals) and -Bucket. A limit
//     exceeded is answered 429 with a JSON body {message, retry_after (float
//     seconds), global}, a Retry-After header and X-RateLimit-Scope: "user"
//     for the bot's own limits, "global" for the global limit (with
//     X-RateLimit-Global: true), or "shared" for a limit on the resource
//     itself. Normal route headers are sent with a per-route 429; the
//     documented global 429 carries only Retry-After, X-RateLimit-Global and
//     X-RateLimit-Scope.
//   - The documentation gives no figures for individual routes and warns
//     that they change, so clients must read the headers rather than hard-code
//     limits. The per-route figures in DefaultRateLimits are the ones commonly
//     observed and published by client libraries, not documented values.
//
// The fake models the bot's own traffic only, so it never answers with scope
// "shared". Limits are measured on the real clock, like the callback
// deadline, because the client under test sleeps in real time to honour them.

// Scope says which kind of limit a request counted against or a 429 came
// from, as in the X-RateLimit-Scope header.
type Scope string

// Scopes the fake enforces.
const (
	// ScopeUser is a per-route limit of the bot.
	ScopeUser Scope = "user"
	// ScopeGlobal is the bot's global limit.
	ScopeGlobal Scope = "global"
)

// Limit is a number of requests allowed in a fixed window. A bucket's window
// opens with its first request after the previous window closed;
// X-RateLimit-Reset and -Reset-After tell when it closes.
type Limit struct {
	Requests int
	Per      time.Duration
}

// RouteLimit is one per-route limit.
type RouteLimit struct {
	// Bucket names the limit; it is sent as X-RateLimit-Bucket. Routes that
	// name the same Bucket share its count, as Discord's shared buckets do,
	// and must give the same Limit.
	Bucket string
	// Method is the HTTP method the limit applies to; "" matches any.
	Method string
	// Pattern is a path.Match pattern over the path after /api/vN, as for
	// Server.RateLimit, for example "/channels/*/messages".
	Pattern string
	Limit
}

// RateLimits configures the limits the fake enforces. The zero value
// enforces none.
type RateLimits struct {
	// Global limits all requests made with one bot token except those to
	// the interaction endpoints. Zero Requests means no global limit.
	Global Limit
	// Routes are the per-route limits; the first that matches a request
	// applies. A request no route matches has no per-route limit and gets no
	// per-route headers.
	Routes []RouteLimit
}

// DefaultRateLimits returns limits like Discord's: the documented global 50
// requests per second, and per-route limits at the figures commonly observed
// for the routes a card-game bot uses. Adjust a copy to test other figures
// or to shorten windows.
//
//   - POST /channels/{channel}/messages: 5 per 5 s per channel
//   - PATCH /channels/{channel}/messages/{message}: 5 per 5 s per channel
//   - DELETE /channels/{channel}/messages/{message}: 5 per 1 s per channel
//   - POST /channels/{channel}/messages/{message}/threads (start a thread): 5 per 5 s per channel
//   - PATCH /channels/{channel} (archive a thread): 5 per 5 s per channel
//   - POST /webhooks/{id}/{token} (follow-ups): 5 per 2 s per webhook and token
//   - PATCH and DELETE /webhooks/{id}/{token}/messages/{message}: 5 per 2 s
//     per webhook and token each
//
// The interaction callback gets no per-route limit: the documentation names
// none, and each interaction takes one callback.
//
// The fake counts as Discord does, which is not always how discordgo keys its
// own buckets: discordgo files the PATCH and DELETE of channel messages under
// one bucket per channel, and every webhook message edit or delete, whatever
// the token, under a single bucket. Its guess of what remains can then be
// wrong, and a 429 the fake reports there is one Discord would send too.
func DefaultRateLimits() RateLimits {
	return RateLimits{
		Global: Limit{Requests: 50, Per: time.Second},
		Routes: []RouteLimit{
			{Bucket: "channel-message-create", Method: "POST", Pattern: "/channels/*/messages", Limit: Limit{5, 5 * time.Second}},
			{Bucket: "channel-message-edit", Method: "PATCH", Pattern: "/channels/*/messages/*", Limit: Limit{5, 5 * time.Second}},
			{Bucket: "channel-message-delete", Method: "DELETE", Pattern: "/channels/*/messages/*", Limit: Limit{5, time.Second}},
			{Bucket: "thread-create", Method: "POST", Pattern: "/channels/*/messages/*/threads", Limit: Limit{5, 5 * time.Second}},
			{Bucket: "channel-modify", Method: "PATCH", Pattern: "/channels/*", Limit: Limit{5, 5 * time.Second}},
			{Bucket: "webhook-execute", Method: "POST", Pattern: "/webhooks/*/*", Limit: Limit{5, 2 * time.Second}},
			{Bucket: "webhook-message-edit", Method: "PATCH", Pattern: "/webhooks/*/*/messages/*", Limit: Limit{5, 2 * time.Second}},
			{Bucket: "webhook-message-delete", Method: "DELETE", Pattern: "/webhooks/*/*/messages/*", Limit: Limit{5, 2 * time.Second}},
		},
	}
}

// RateStats counts what the fake's rate limits saw since they were enabled.
// A test that the bot stays within the limits expects TooMany to be empty.
type RateStats struct {
	// Requests counts the requests checked against each scope: ScopeGlobal
	// those bound by the global limit, ScopeUser those that fell in a
	// per-route bucket. One request may count in both; refused ones count.
	Requests map[Scope]int
	// TooMany counts the 429 answers by scope.
	TooMany map[Scope]int
	// Buckets counts per per-route bucket, keyed by the bucket's name and
	// top-level resource, e.g. "channel-message-create channels/123".
	Buckets map[string]BucketStats
}

// BucketStats counts one per-route bucket.
type BucketStats struct {
	Requests int
	TooMany  int
}

// EnableRateLimits makes the fake enforce limits from now on, with fresh
// buckets and counters. Rate limits are off until it is called. Requests
// answered by an injected fault (RateLimit, FailRequests) bypass them. It
// panics on a malformed pattern, a limit without a window, a route limit
// that allows nothing, or a bucket named twice with different limits.
func (s *Server) EnableRateLimits(l RateLimits) {
	if l.Global.Requests > 0 && l.Global.Per <= 0 {
		panic(fmt.Sprintf("discordtest: global limit without a window: %+v", l.Global))
	}
	limits := make(map[string]Limit)
	for _, r := range l.Routes {
		if _, err := path.Match(r.Pattern, "/"); err != nil {
			panic("discordtest: bad route pattern " + strconv.Quote(r.Pattern) + ": " + err.Error())
		}
		if r.Requests <= 0 || r.Per <= 0 {
			panic(fmt.Sprintf("discordtest: route limit %q allows nothing: %+v", r.Bucket, r.Limit))
		}
		if prev, ok := limits[r.Bucket]; ok && prev != r.Limit {
			panic(fmt.Sprintf("discordtest: bucket %q given two limits, %+v and %+v", r.Bucket, prev, r.Limit))
		}
		limits[r.Bucket] = r.Limit
	}
	l.Routes = append([]RouteLimit(nil), l.Routes...)
	rl := &s.limiter
	rl.mu.Lock()
	defer rl.mu.Unlock()
	rl.cfg = &l
	rl.windows = map[string]*window{}
	rl.stats = newRateStats()
}

// RateLimitStats returns a copy of the counters; they are empty while rate
// limits are off, and requests answered by an injected fault are not
// counted.
func (s *Server) RateLimitStats() RateStats {
	rl := &s.limiter
	rl.mu.Lock()
	defer rl.mu.Unlock()
	out := newRateStats()
	for k, v := range rl.stats.Requests {
		out.Requests[k] = v
	}
	for k, v := range rl.stats.TooMany {
		out.TooMany[k] = v
	}
	for k, v := range rl.stats.Buckets {
		out.Buckets[k] = v
	}
	return out
}

func newRateStats() RateStats {
	return RateStats{Requests: map[Scope]int{}, TooMany: map[Scope]int{}, Buckets: map[string]BucketStats{}}
}

// limiter holds the rate limit state, apart from Server.mu so that checking
// a request never waits for the model.
type limiter struct {
	mu      sync.Mutex
	cfg     *RateLimits // nil: off
	windows map[string]*window
	stats   RateStats
}

// window is the count of one bucket in its current window.
type window struct {
	used int
	ends time.Time
}

// take counts one request against w under limit l at now and reports
// whether it is allowed. A refused request does not use up the window.
func (w *window) take(l Limit, now time.Time) bool {
	if !now.Before(w.ends) {
		w.used, w.ends = 0, now.Add(l.Per)
	}
	if w.used >= l.Requests {
		return false
	}
	w.used++
	return true
}

// admit checks a request against the limits at now, writes the rate limit
// headers into h and returns a 429 answer if the request is refused.
// global keys the global limit; exempt reports an interaction endpoint, which
// the global limit does not bind. The global limit is checked first, so a
// request a per-route limit refuses has still used a global slot.
func (rl *limiter) admit(method, p string, segs []string, global string, exempt bool, h http.Header, now time.Time) *result {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	if rl.cfg == nil {
		return nil
	}
	if g := rl.cfg.Global; g.Requests > 0 && !exempt {
		rl.stats.Requests[ScopeGlobal]++
		w := rl.window("global " + global)
		if !w.take(g, now) {
			rl.stats.TooMany[ScopeGlobal]++
			wait := w.ends.Sub(now)
			h.Set("Retry-After", retryAfterHeader(wait))
			h.Set("X-RateLimit-Global", "true")
			h.Set("X-RateLimit-Scope", string(ScopeGlobal))
			return tooMany(wait, true)
		}
	}
	r := rl.route(method, p)
	if r == nil {
		return nil
	}
	key := r.Bucket
	if res := majorResource(segs); res != "" {
		key += " " + res
	}
	rl.stats.Requests[ScopeUser]++
	bs := rl.stats.Buckets[key]
	bs.Requests++
	w := rl.window("route " + key)
	ok := w.take(r.Limit, now)
	wait := w.ends.Sub(now)
	h.Set("X-RateLimit-Limit", strconv.Itoa(r.Requests))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(r.Requests-w.used))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(w.ends.UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", seconds(wait))
	h.Set("X-RateLimit-Bucket", r.Bucket)
	if ok {
		rl.stats.Buckets[key] = bs
		return nil
	}
	bs.TooMany++
	rl.stats.Buckets[key] = bs
	rl.stats.TooMany[ScopeUser]++
	h.Set("Retry-After", retryAfterHeader(wait))
	h.Set("X-RateLimit-Scope", string(ScopeUser))
	return tooMany(wait, false)
}

func (rl *limiter) window(key string) *window {
	w := rl.windows[key]
	if w == nil {
		w = &window{}
		rl.windows[key] = w
	}
	return w
}

// route returns the first per-route limit matching the request, or nil.
func (rl *limiter) route(method, p string) *RouteLimit {
	for i, r := range rl.cfg.Routes {
		if r.Method != "" && r.Method != method {
			continue
		}
		if ok, _ := path.Match(r.Pattern, p); ok {
			return &rl.cfg.Routes[i]
		}
	}
	return nil
}

// majorResource returns the top-level resource a per-route limit is counted
// for: "channels/{id}", "guilds/{id}", "webhooks/{id}/{token}" (or
// "webhooks/{id}"), or "" for routes without one.
func majorResource(segs []string) string {
	switch {
	case len(segs) >= 2 && (segs[0] == "channels" || segs[0] == "guilds"):
		return segs[0] + "/" + segs[1]
	case len(segs) >= 3 && segs[0] == "webhooks":
		return "webhooks/" + segs[1] + "/" + segs[2]
	case len(segs) == 2 && segs[0] == "webhooks":
		return "webhooks/" + segs[1]
	}
	return ""
}

// tooMany is Discord's 429 body.
func tooMany(wait time.Duration, global bool) *result {
	secs, _ := strconv.ParseFloat(seconds(wait), 64)
	r := result{status: http.StatusTooManyRequests, body: mustJSON(map[string]any{
		"message": "You are being rate limited.", "retry_after": secs, "global": global,
	})}
	return &r
}

// seconds formats a wait in seconds with millisecond decimals, rounded up
// and padded by one millisecond. discordgo converts the value to whole
// milliseconds by truncating a float, which can lose one (0.3 becomes
// 299 ms); across a real network the reply's transit covers that, over
// loopback it may not, and a client that honoured the limit would be
// refused for arriving a moment early.
func seconds(d time.Duration) string {
	ms := (d+time.Millisecond-1)/time.Millisecond + 1
	return strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64)
}

// retryAfterHeader is the Retry-After header: whole seconds, rounded up, as
// in Discord's examples ("Retry-After: 65" with "retry_after": 64.57).
func retryAfterHeader(d time.Duration) string {
	return strconv.Itoa(int(math.Ceil(d.Seconds())))
}

// isInteractionEndpoint reports the routes the docs exempt from the global
// limit: the interaction callback and the webhook routes of the
// application's interaction tokens (the fake has no other webhooks).
func (s *Server) isInteractionEndpoint(segs []string) bool {
	switch {
	case len(segs) == 4 && segs[0] == "interactions" && segs[3] == "callback":
		return true
	case len(segs) >= 3 && segs[0] == "webhooks" && segs[1] == s.appID:
		return true
	}
	return false
}

// globalKey identifies whose global limit a request counts against: its bot
// token, or, as Discord does without one, its address.
func globalKey(r *http.Request) string {
	if a := r.Header.Get("Authorization"); a != "" {
		return a
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	return "ip " + host
}
