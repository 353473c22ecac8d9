// Package discordtest runs a fake Discord — gateway WebSocket and REST API —
// on 127.0.0.1 so that the real discordgo client, and the real bot binary via
// DISCORD_API_BASE, can be tested without reaching Discord.
//
// The fake keeps a model of what people would see: the messages in each
// channel and each user's private ephemeral messages. Simulated users run
// slash commands and click components through the gateway exactly as Discord
// delivers them, and the fake enforces Discord's rules the bot could break:
// the 3-second callback deadline, one callback per interaction, 15-minute
// tokens, message and component limits, channel permissions. It can also
// behave like the network in between: SetLatency delays every REST call, and
// EnableRateLimits enforces Discord's per-route and global rate limits with
// its headers and 429 answers. Everything the bot did wrong is observable
// through Failures, Requests and RateLimitStats, and WithObserver reports
// every change people would see as it happens. New starts one for a test;
// Start, for a command such as the load generator.
package discordtest

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/restbase"
)

// Sentinel errors returned by the fake's user actions and waits.
var (
	// ErrClosed reports that the server has been closed.
	ErrClosed = errors.New("discordtest: server closed")
	// ErrNoBot reports that no bot session has identified on the gateway, so
	// an interaction would have nowhere to go.
	ErrNoBot = errors.New("discordtest: no bot connected to the gateway")
	// ErrNotVisible reports an action on a message the user cannot see.
	ErrNotVisible = errors.New("discordtest: message not visible to user")
	// ErrNoComponent reports a click or select on a custom_id that the
	// message does not show.
	ErrNoComponent = errors.New("discordtest: no such component on message")
	// ErrDisabled reports a click on a disabled component.
	ErrDisabled = errors.New("discordtest: component is disabled")
	// ErrUnknownCommand reports a slash command that the bot has not
	// registered where the user is.
	ErrUnknownCommand = errors.New("discordtest: unknown command")
	// ErrBadOption reports slash command options or select values that
	// Discord's client would not let a user send.
	ErrBadOption = errors.New("discordtest: invalid option")
	// ErrForbidden reports a command hidden from the user by its
	// default_member_permissions.
	ErrForbidden = errors.New("discordtest: user lacks permission for command")
	// ErrTimeout reports that a wait ended before its condition held.
	ErrTimeout = errors.New("discordtest: timed out")
	// ErrInteractionFailed reports an interaction that got no valid callback
	// within the deadline: the user saw "This interaction failed".
	ErrInteractionFailed = errors.New("discordtest: interaction failed")
)

// Option configures a Server.
type Option func(*config)

type config struct {
	clock            Clock
	callbackDeadline time.Duration
	tokenLifetime    time.Duration
	heartbeat        time.Duration
	replayLimit      int
	noVersions       bool // see WithoutPastVersions
	dropBodies       bool
	botName          string
	logf             func(format string, args ...any)
	observe          func(Change)
}

// WithClock sets the clock for token expiry and default snowflake times.
func WithClock(c Clock) Option { return func(cfg *config) { cfg.clock = c } }

// WithCallbackDeadline changes Discord's 3-second limit for an interaction
// callback. As Discord does, the fake counts it from the user's action, the
// interaction's snowflake time (WithTime moves it), not from delivery: a
// click held back by WithDelay, or replayed after a gateway outage, has
// that much less time left. It runs in real time, shifted from the
// server's Clock by the snowflake's offset from that clock's now, since it
// measures the bot's real latency. Tests of late callbacks shorten it to
// stay fast.
func WithCallbackDeadline(d time.Duration) Option {
	return func(cfg *config) { cfg.callbackDeadline = d }
}

// WithTokenLifetime changes the 15-minute life of interaction tokens,
// measured on the server's Clock.
func WithTokenLifetime(d time.Duration) Option {
	return func(cfg *config) { cfg.tokenLifetime = d }
}

// WithHeartbeatInterval changes the heartbeat interval sent in HELLO
// (default 41.25 s, as Discord sends).
func WithHeartbeatInterval(d time.Duration) Option {
	return func(cfg *config) { cfg.heartbeat = d }
}

// WithBotName sets the bot user's name (default "cardbot").
func WithBotName(name string) Option { return func(cfg *config) { cfg.botName = name } }

// WithReplayLimit sets how many past dispatches each gateway session keeps
// for RESUME (default 10000). A client resuming from further back is told
// its session is invalid and identifies afresh, as on Discord.
func WithReplayLimit(n int) Option { return func(cfg *config) { cfg.replayLimit = n } }

// WithoutRequestBodies keeps Requests' method, route, status and timing
// but not their bodies (Request.Body, Request.Response and Request.JSON are
// then empty). A load run makes hundreds of calls a second, and keeping
// every body would hold hundreds of megabytes whose garbage collection
// stalls the fake for a quarter of a second at a time: the very delays a
// load test measures.
func WithoutRequestBodies() Option { return func(cfg *config) { cfg.dropBodies = true } }

// WithoutPastVersions keeps only what Discord would still show: no
// Channel.History (it is then empty), and a callback's message version and
// data only until the first Response.Wait has copied them out (later Waits
// return the callback without them). A load run edits messages hundreds of
// times a second, and the past versions were half of what the fake kept:
// about 318 MB live after a minute at 1,000 tables, 140 MB without them,
// which is what every garbage collection of the load generator must scan.
func WithoutPastVersions() Option { return func(cfg *config) { cfg.noVersions = true } }

// WithLogf sends the fake's diagnostic lines (rejected requests, failures,
// gateway events) to logf. New sets it to tb.Logf unless given.
func WithLogf(logf func(format string, args ...any)) Option {
	return func(cfg *config) { cfg.logf = logf }
}

// Server is a running fake Discord. All methods are safe for concurrent use.
type Server struct {
	cfg   config
	http  *httptest.Server
	appID string
	bot   *discordgo.User

	idCounter atomic.Int64

	// logMu orders log lines before Close: testing.TB panics on Logf after
	// the test ends, and fake goroutines may still be winding down then.
	logMu  sync.RWMutex
	logOff bool

	// mu guards the whole model below. One lock keeps the model consistent
	// (a callback creates a message and settles an interaction at once)
	// and is cheap next to the HTTP round trip each change rides on.
	mu       sync.Mutex
	closed   bool
	done     chan struct{} // closed by Close
	resumes  int
	changed  chan struct{} // closed and replaced on every model change
	guilds   []*Guild
	guildIDs map[string]*Guild
	channels map[string]*Channel
	users    map[string]*User // by ID
	names    map[string]*User // by name
	messages map[string]*message
	files    map[string]upload // attachment bytes by attachment ID (see attachments.go)

	interactions map[string]*interaction // by ID
	byToken      map[string]*interaction

	globalCommands []*discordgo.ApplicationCommand
	guildCommands  map[string][]*discordgo.ApplicationCommand
	overrides      map[overrideKey]bool // see Guild.AllowCommand

	sessions map[string]*gwSession
	conns    map[*gwConn]struct{}
	failures []Failure
	requests []Request
	faults   []*fault
	recorded map[string][][]byte // dispatches kept by type (see Record)
	timers   map[*time.Timer]struct{}

	identifies       int       // IDENTIFYs accepted (gateway_faults.go)
	gatewayDownUntil time.Time // CutGateway

	// Shards' sessions (shard_sessions.go).
	shardOverlaps []string     // two live sessions of one shard at once
	identified    []Identified // every IDENTIFY

	// latency and limiter have their own locks: every REST call consults
	// them before it touches the model.
	latency latency
	limiter limiter

	appEmojis appEmojis // the application's emojis (emojis.go)
}

// Start runs a fake Discord on 127.0.0.1 on a free port, for use outside
// tests; Close stops it. Prefer New in tests.
func Start(opts ...Option) (*Server, error) {
	cfg := config{
		clock:            realClock{},
		callbackDeadline: 3 * time.Second,
		tokenLifetime:    15 * time.Minute,
		heartbeat:        41250 * time.Millisecond,
		replayLimit:      10000,
		botName:          "cardbot",
		logf:             func(string, ...any) {},
	}
	for _, o := range opts {
		o(&cfg)
	}
	s := &Server{
		cfg:           cfg,
		changed:       make(chan struct{}),
		done:          make(chan struct{}),
		guildIDs:      map[string]*Guild{},
		channels:      map[string]*Channel{},
		users:         map[string]*User{},
		names:         map[string]*User{},
		messages:      map[string]*message{},
		interactions:  map[string]*interaction{},
		byToken:       map[string]*interaction{},
		guildCommands: map[string][]*discordgo.ApplicationCommand{},
		overrides:     map[overrideKey]bool{},
		sessions:      map[string]*gwSession{},
		conns:         map[*gwConn]struct{}{},
		timers:        map[*time.Timer]struct{}{},
	}
	now := s.now()
	s.appID = s.mint(now)
	s.bot = &discordgo.User{ID: s.appID, Username: cfg.botName, Discriminator: "0", Bot: true}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("discordtest: listen: %w", err)
	}
	s.http = httptest.NewUnstartedServer(s.routes())
	s.http.Listener = ln
	s.http.Start()
	return s, nil
}

// TB is what New needs of a test: *testing.T, *testing.B and any
// testing.TB have it. Asking for no more keeps package testing out of the
// commands that use Start, such as the load generator.
type TB interface {
	Helper()
	Logf(format string, args ...any)
	Fatal(args ...any)
	Cleanup(func())
}

// New starts a fake Discord for a test and closes it when the test ends.
// Diagnostics go to tb.Logf unless WithLogf says otherwise.
func New(tb TB, opts ...Option) *Server {
	tb.Helper()
	all := append([]Option{WithLogf(tb.Logf)}, opts...)
	s, err := Start(all...)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(s.Close)
	return s
}

// URL returns the server's base URL, "http://127.0.0.1:PORT"; use it as
// DISCORD_API_BASE.
func (s *Server) URL() string { return s.http.URL }

// AppID returns the bot's application ID, which is also its user ID.
func (s *Server) AppID() string { return s.appID }

// BotUser returns a copy of the bot's user.
func (s *Server) BotUser() *discordgo.User {
	u := *s.bot
	return &u
}

// Session returns a new, unopened discordgo session whose REST and gateway
// traffic goes to this server. token may be empty.
func (s *Server) Session(token string) *discordgo.Session {
	if token == "" {
		token = "Bot fake-token"
	}
	dg, err := discordgo.New(token)
	if err != nil {
		// discordgo.New fails only on arguments it no longer takes.
		panic(fmt.Sprintf("discordtest: discordgo.New: %v", err))
	}
	c, err := restbase.Client(s.URL())
	if err != nil {
		panic(fmt.Sprintf("discordtest: restbase.Client(%q): %v", s.URL(), err))
	}
	dg.Client = c
	dg.Identify.Intents = discordgo.IntentsGuilds
	return dg
}

// Close stops the server: gateway connections drop, pending timers stop and
// the HTTP listener closes. Close the bot's session first, so that it does
// not spend its time reconnecting.
func (s *Server) Close() {
	s.logMu.Lock()
	s.logOff = true
	s.logMu.Unlock()
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	close(s.done)
	for t := range s.timers {
		t.Stop()
	}
	conns := make([]*gwConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.notifyLocked()
	s.mu.Unlock()
	for _, c := range conns {
		c.close()
	}
	s.http.Close()
}

// notifyLocked wakes every waiter; callers hold s.mu and have changed the
// model.
func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// waitFor blocks until check (run with s.mu held) returns true, the timeout
// passes or the server closes.
func (s *Server) waitFor(timeout time.Duration, check func() bool) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		if check() {
			s.mu.Unlock()
			return nil
		}
		if s.closed {
			s.mu.Unlock()
			return ErrClosed
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
		case <-deadline.C:
			return ErrTimeout
		}
	}
}

// afterFuncLocked runs f after d unless the server closes first; callers
// hold s.mu.
func (s *Server) afterFuncLocked(d time.Duration, f func()) *time.Timer {
	var t *time.Timer
	t = time.AfterFunc(d, func() {
		s.mu.Lock()
		delete(s.timers, t)
		closed := s.closed
		s.mu.Unlock()
		if !closed {
			f()
		}
	})
	s.timers[t] = struct{}{}
	return t
}

func (s *Server) logf(format string, args ...any) {
	s.logMu.RLock()
	defer s.logMu.RUnlock()
	if !s.logOff {
		s.cfg.logf("discordtest: "+format, args...)
	}
}

// randomToken returns an unguessable token, like Discord's interaction and
// session tokens.
func randomToken(prefix string) string {
	var b [24]byte
	_, _ = rand.Read(b[:])
	return prefix + hex.EncodeToString(b[:])
}
