package webhook

import (
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Interaction tokens get rate-limit buckets of their own, kept here rather
// than in discordgo's RateLimiter.
//
// discordgo files a call under the bucket its caller names and never forgets
// a bucket. Its own InteractionRespond names a bucket after the callback URL,
// which holds the interaction's token, so every click ever answered would
// leave a bucket behind: about 200 bytes a click, without end. And its
// InteractionResponseEdit files every webhook edit of the whole process under
// one bucket that it holds for the round trip, so each player's hand update
// would wait for every other's. Discord limits these calls per interaction
// token and does not count them against the bot's global limit, so each
// token gets a bucket that no other call shares, forgotten once it has gone
// unused for a few seconds.

// Edit edits message msgID, sent through interaction i's token (a
// follow-up; "" is the original, the message that answered i), under the
// token's own bucket, so no edit ever waits for an unrelated one. An edit
// with files goes as multipart/form-data, as Discord takes uploads.
func Edit(s *discordgo.Session, i *discordgo.Interaction, msgID string, edit *discordgo.WebhookEdit) error {
	if msgID == "" {
		msgID = "@original"
	}
	uri := discordgo.EndpointWebhookMessage(i.AppID, i.Token, msgID)
	key := discordgo.EndpointWebhookToken(i.AppID, i.Token)
	_, err := Request(s, Limiter(key), "PATCH", uri, edit, edit.Files, key,
		discordgo.WithClient(droppingSuccessBodies(s.Client)))
	return err
}

// droppingSuccessBodies returns a copy of c that reads the body of every
// 2xx answer to its end and drops it. Discord answers an edit with the whole
// message, about 5 kB for a hand, which discordgo would read into memory for
// nothing: a busy bot edits hundreds of hands a second, and those buffers
// were a twentieth of all it allocated at 1,000 tables. Error answers keep
// their body, for the error's text.
func droppingSuccessBodies(c *http.Client) *http.Client {
	cp := *c
	next := c.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	cp.Transport = successBodyDropper{next: next}
	return &cp
}

// successBodyDropper is the transport of droppingSuccessBodies.
type successBodyDropper struct{ next http.RoundTripper }

func (d successBodyDropper) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := d.next.RoundTrip(r)
	if err != nil || resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp, err
	}
	// Read to the end, so the connection goes back to the pool; io.Discard
	// reads through a pooled buffer.
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = http.NoBody
	return resp, nil
}

// Request sends body (with files, if any, as multipart) to uri under the
// bucket key of limiter rl, with discordgo's request options, and returns
// the answer's body.
func Request(s *discordgo.Session, rl *discordgo.RateLimiter, method, uri string, body any, files []*discordgo.File, key string,
	options ...discordgo.RequestOption) ([]byte, error) {
	contentType, raw := "application/json", []byte(nil)
	var err error
	if len(files) > 0 {
		contentType, raw, err = discordgo.MultipartBodyWithJSON(body, files)
	} else {
		raw, err = encodeBody(body)
	}
	if err != nil {
		return nil, err
	}
	return s.RequestWithLockedBucket(method, uri, contentType, raw, rl.LockBucket(key), 0, options...)
}

// Limiter returns the rate limiter of interaction token key (its
// EndpointWebhookToken): one a token, shared by every call through it.
func Limiter(key string) *discordgo.RateLimiter { return tokenLimiters.limiter(key, time.Now()) }

// tokenLimiters holds a rate limiter for each interaction token the process
// edits through.
var tokenLimiters = &tokenLimiterSet{m: map[string]*tokenLimiter{}}

type tokenLimiterSet struct {
	mu        sync.Mutex
	m         map[string]*tokenLimiter
	lastSweep time.Time
}

type tokenLimiter struct {
	rl   *discordgo.RateLimiter
	used time.Time // the last call through it began
}

// tokenIdle is how long a token's limiter is kept after its last call. What
// it knows is only worth keeping while Discord's window for the token may
// still be running, a few seconds; a busy bot edits through thousands of
// tokens a minute, and keeping each for its whole 15-minute life would
// hold about a kilobyte per click for that long.
const tokenIdle = 10 * time.Second

// limiter returns key's limiter, made at now if it has none; every
// tokenIdle it forgets those unused for that long.
func (t *tokenLimiterSet) limiter(key string, now time.Time) *discordgo.RateLimiter {
	t.mu.Lock()
	defer t.mu.Unlock()
	if now.Sub(t.lastSweep) > tokenIdle {
		for k, l := range t.m {
			if now.Sub(l.used) > tokenIdle {
				delete(t.m, k)
			}
		}
		t.lastSweep = now
	}
	l := t.m[key]
	if l == nil {
		l = &tokenLimiter{rl: discordgo.NewRatelimiter()}
		t.m[key] = l
	}
	l.used = now
	return l.rl
}
