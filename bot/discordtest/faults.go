package discordtest

import (
	"math"
	"net/http"
	"path"
	"strconv"
	"time"
)

// fault is an injected failure for matching REST requests. Guarded by
// Server.mu.
type fault struct {
	method     string
	pattern    string
	remaining  int
	status     int
	retryAfter time.Duration
	delay      time.Duration // answer normally, this much later
}

// RateLimit makes the next times requests matching method and pattern get
// 429 Too Many Requests with retry_after, as Discord answers a bucket that
// ran dry. discordgo sleeps and retries by itself. method "" matches any;
// pattern is a path.Match pattern over the path after /api/v9, for example
// "/channels/*/messages/*" or "/interactions/*/*/callback"; "" matches all.
func (s *Server) RateLimit(method, pattern string, times int, retryAfter time.Duration) {
	s.addFault(&fault{method: method, pattern: pattern, remaining: times, status: http.StatusTooManyRequests, retryAfter: retryAfter})
}

// FailRequests makes the next times requests matching method and pattern
// (as for RateLimit) fail with status, such as 500 or 502. discordgo retries
// 502 up to its MaxRestRetries and returns other statuses as errors.
func (s *Server) FailRequests(method, pattern string, times int, status int) {
	s.addFault(&fault{method: method, pattern: pattern, remaining: times, status: status})
}

// SlowRequests makes the next times requests matching method and pattern
// (as for RateLimit) answer normally but only after d, like a slow link.
func (s *Server) SlowRequests(method, pattern string, times int, d time.Duration) {
	s.addFault(&fault{method: method, pattern: pattern, remaining: times, delay: d})
}

func (s *Server) addFault(f *fault) {
	if _, err := path.Match(f.pattern, "/"); err != nil {
		panic("discordtest: bad route pattern " + strconv.Quote(f.pattern) + ": " + err.Error())
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, f)
}

// takeFault consumes one use of the first fault matching the request.
func (s *Server) takeFault(method, p string) *fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, f := range s.faults {
		if f.method != "" && f.method != method {
			continue
		}
		if ok, _ := path.Match(f.pattern, p); f.pattern != "" && !ok {
			continue
		}
		f.remaining--
		if f.remaining <= 0 {
			s.faults = append(s.faults[:i:i], s.faults[i+1:]...)
		}
		c := *f
		return &c
	}
	return nil
}

// answer builds the injected response and its headers.
func (f *fault) answer(h http.Header) (result, *apiError) {
	if f.status != http.StatusTooManyRequests {
		return result{}, &apiError{status: f.status, Message: strconv.Itoa(f.status) + ": " + http.StatusText(f.status), Code: 0}
	}
	secs := f.retryAfter.Seconds()
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
	h.Set("X-RateLimit-Limit", "5")
	h.Set("X-RateLimit-Remaining", "0")
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", "discordtest-"+f.pattern)
	h.Set("X-RateLimit-Scope", "user")
	body := mustJSON(map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": false})
	return result{status: http.StatusTooManyRequests, body: body}, nil
}
