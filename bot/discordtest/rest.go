package discordtest

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Request is one REST call the fake answered, for assertions and latency
// measurements.
type Request struct {
	Method string
	// Path is the request path without the query, e.g.
	// "/api/v9/channels/123/messages".
	Path string
	// Route is Path with IDs and tokens replaced by placeholders, e.g.
	// "/channels/{id}/messages", for grouping.
	Route string
	Query string
	// Status is the HTTP status the fake sent.
	Status int
	// Start is the real time the request reached the fake's listener;
	// Duration how long the fake took to answer it, including any latency
	// set with SetLatency.
	Start    time.Time
	Duration time.Duration
	// Body is the request body; Response is the response body when Status
	// is 400 or above, so a test can see why Discord would refuse.
	Body     []byte
	Response []byte
	// ContentType is the request's Content-Type header (see Request.JSON).
	ContentType string
}

// Requests returns every REST request so far, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// reqCtx is a parsed REST request.
type reqCtx struct {
	r      *http.Request
	method string
	segs   []string // path after /api/vN, split on "/"
	query  url.Values
	body   []byte
}

func (rc *reqCtx) payload() (payload, error) {
	doc, files, err := readBody(rc.r, rc.body)
	if err != nil {
		return payload{}, err
	}
	return parsePayload(doc, files)
}

// result is a successful answer: a status (200 when zero) and a JSON body.
type result struct {
	status int
	body   []byte
}

func jsonResult(b []byte) result { return result{status: 200, body: b} }

var apiPrefix = regexp.MustCompile(`^/api/v\d+`)

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/ws", s.serveGateway)
	mux.HandleFunc("/ws/", s.serveGateway)
	mux.HandleFunc("/api/", s.serveREST)
	return mux
}

func (s *Server) serveREST(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	body, _ := io.ReadAll(io.LimitReader(r.Body, 32<<20))
	rest := apiPrefix.ReplaceAllString(r.URL.Path, "")
	rc := &reqCtx{
		r: r, method: r.Method, query: r.URL.Query(), body: body,
		segs: strings.Split(strings.Trim(rest, "/"), "/"),
	}

	// The fake handles the request when it would reach Discord, half a
	// round trip after it was sent: rate limits and the callback deadline
	// see that moment, as Discord's do.
	up, down := s.latency.legs()
	time.Sleep(up)
	var res result
	var apiErr *apiError
	hdr := http.Header{}
	if f := s.takeFault(r.Method, rest); f != nil && f.delay == 0 {
		res, apiErr = f.answer(hdr)
	} else {
		if f != nil {
			time.Sleep(f.delay)
		}
		exempt := s.isInteractionEndpoint(rc.segs)
		if limited := s.limiter.admit(r.Method, rest, rc.segs, globalKey(r), exempt, hdr, time.Now()); limited != nil {
			res = *limited
			s.logf("%s %s -> 429 %s scope %s", r.Method, rest, res.body, hdr.Get("X-RateLimit-Scope"))
		} else {
			res, apiErr = s.dispatchREST(rc)
		}
	}

	if apiErr != nil {
		res = result{status: apiErr.status, body: mustJSON(apiErr)}
		s.logf("%s %s -> %d %s", r.Method, rest, apiErr.status, res.body)
	}
	if res.status == 0 {
		res.status = 200
	}
	time.Sleep(down)
	for k, v := range hdr {
		w.Header()[k] = v
	}
	if res.status != 204 {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(res.status)
	if res.status != 204 {
		_, _ = w.Write(res.body)
	}

	rec := Request{
		Method: r.Method, Path: r.URL.Path, Route: routeOf(rc.segs), Query: r.URL.RawQuery,
		Status: res.status, Start: start, Duration: time.Since(start), Body: body,
		ContentType: r.Header.Get("Content-Type"),
	}
	if res.status >= 400 {
		rec.Response = bytes.Clone(res.body)
	}
	if s.cfg.dropBodies {
		rec.Body, rec.Response = nil, nil
	}
	s.mu.Lock()
	s.requests = append(s.requests, rec)
	s.mu.Unlock()
}

// dispatchREST routes a request to its handler.
func (s *Server) dispatchREST(rc *reqCtx) (result, *apiError) {
	segs := rc.segs
	// Interaction webhooks authenticate with their token, everything else
	// with the bot token, which discordgo always sends.
	if segs[0] != "webhooks" && segs[0] != "interactions" && rc.r.Header.Get("Authorization") == "" {
		return result{}, &apiError{status: 401, Message: "401: Unauthorized", Code: 0}
	}
	switch segs[0] {
	case "gateway":
		if rc.method == "GET" {
			return jsonResult(mustJSON(map[string]any{
				"url": s.gatewayURL(), "shards": 1,
				"session_start_limit": map[string]int{"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
			})), nil
		}
	case "users":
		if len(segs) == 2 && rc.method == "GET" {
			return s.serveUser(segs[1])
		}
	case "guilds":
		return s.serveGuild(rc)
	case "channels":
		if len(segs) >= 2 {
			return s.serveChannel(rc)
		}
	case "applications":
		if len(segs) >= 3 && segs[2] == "emojis" {
			return s.serveEmojis(rc)
		}
		return s.serveCommands(rc)
	case "interactions":
		if len(segs) == 4 && segs[3] == "callback" && rc.method == "POST" {
			return s.serveCallback(rc, segs[1], segs[2])
		}
	case "webhooks":
		if len(segs) >= 3 {
			return s.serveWebhook(rc)
		}
	}
	return result{}, errNotFound()
}

func (s *Server) serveUser(id string) (result, *apiError) {
	if id == "@me" || id == s.appID {
		return jsonResult(mustJSON(s.bot)), nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.users[id]
	if u == nil {
		return result{}, &apiError{status: 404, Message: "Unknown User", Code: 10013}
	}
	return jsonResult(mustJSON(u.discordUser())), nil
}

func (s *Server) serveGuild(rc *reqCtx) (result, *apiError) {
	segs := rc.segs
	if len(segs) < 2 || rc.method != "GET" {
		return result{}, errNotFound()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.guildIDs[segs[1]]
	if g == nil {
		return result{}, &apiError{status: 404, Message: "Unknown Guild", Code: 10004}
	}
	switch {
	case len(segs) == 2:
		return jsonResult(mustJSON(g.jsonLocked())), nil
	case len(segs) == 3 && segs[2] == "channels":
		chans := make([]map[string]any, 0, len(g.channels))
		for _, c := range g.channels {
			chans = append(chans, c.json())
		}
		return jsonResult(mustJSON(chans)), nil
	case len(segs) == 4 && segs[2] == "members":
		u := s.users[segs[3]]
		if u == nil {
			return result{}, &apiError{status: 404, Message: "Unknown Member", Code: 10007}
		}
		return jsonResult(mustJSON(u.memberLocked(g))), nil
	}
	return result{}, errNotFound()
}

// routeOf replaces IDs and tokens in a path with placeholders.
func routeOf(segs []string) string {
	var b strings.Builder
	for i, seg := range segs {
		b.WriteByte('/')
		switch {
		case seg != "" && strings.Trim(seg, "0123456789") == "":
			b.WriteString("{id}")
		case i == 2 && (segs[0] == "webhooks" || segs[0] == "interactions"):
			b.WriteString("{token}")
		default:
			b.WriteString(seg)
		}
	}
	return b.String()
}
