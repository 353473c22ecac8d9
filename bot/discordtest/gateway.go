package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// gwSession is one gateway session: what Discord keeps between an IDENTIFY
// and the last RESUME. Its event log lets a dropped client resume without
// losing a dispatch. Guarded by Server.mu.
type gwSession struct {
	id         string
	shardID    int
	shardCount int
	seq        int64
	log        []gwEvent
	conn       *gwConn
}

// gwEvent is one frame queued for a connection. sent, when set, is told the
// real time at which the frame was written, which starts an interaction's
// callback deadline.
type gwEvent struct {
	seq   int64
	frame []byte
	// sent, if not nil, is told when the frame's write on c begins.
	sent func(t time.Time, c *gwConn)
}

// gwConn is one WebSocket connection. Frames are queued without blocking and
// written by one goroutine, so a slow client never holds the model lock.
type gwConn struct {
	ws      *websocket.Conn
	mu      sync.Mutex
	queue   []gwEvent
	wake    chan struct{}
	done    chan struct{}
	once    sync.Once
	session *gwSession // guarded by Server.mu
	// detached: dropped from its session (DropConnections,
	// InvalidateSessions); a frame written to it now may never reach the
	// client. Guarded by Server.mu.
	detached bool
}

func newConn(ws *websocket.Conn) *gwConn {
	return &gwConn{ws: ws, wake: make(chan struct{}, 1), done: make(chan struct{})}
}

func (c *gwConn) send(e gwEvent) {
	c.mu.Lock()
	c.queue = append(c.queue, e)
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

func (c *gwConn) sendJSON(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("discordtest: marshal gateway frame: %v", err))
	}
	c.send(gwEvent{frame: b})
}

// close drops the TCP connection without a close frame, which is what a
// network failure looks like to the client.
func (c *gwConn) close() {
	c.once.Do(func() {
		close(c.done)
		_ = c.ws.Close()
	})
}

func (c *gwConn) writeLoop() {
	for {
		select {
		case <-c.done:
			return
		case <-c.wake:
		}
		c.mu.Lock()
		q := c.queue
		c.queue = nil
		c.mu.Unlock()
		for _, e := range q {
			// Delivery is stamped as the write begins: the bot may read
			// the frame and answer before this goroutine runs again, and
			// a stamp taken after the write would then come late (or
			// after the answer) on a busy machine.
			if e.sent != nil {
				e.sent(time.Now(), c)
			}
			_ = c.ws.SetWriteDeadline(time.Now().Add(10 * time.Second))
			if err := c.ws.WriteMessage(websocket.TextMessage, e.frame); err != nil {
				c.close()
				return
			}
		}
	}
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

// gatewayURL is what GET /gateway returns; discordgo appends "/" and the
// query string.
func (s *Server) gatewayURL() string {
	return "ws" + strings.TrimPrefix(s.URL(), "http") + "/ws"
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	if s.refuseGateway(w) {
		return
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := newConn(ws)
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		_ = ws.Close()
		return
	}
	s.conns[c] = struct{}{}
	s.mu.Unlock()
	go c.writeLoop()
	defer func() {
		c.close()
		s.mu.Lock()
		delete(s.conns, c)
		if c.session != nil && c.session.conn == c {
			c.session.conn = nil
		}
		s.notifyLocked()
		s.mu.Unlock()
	}()

	c.sendJSON(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": s.cfg.heartbeat.Milliseconds()}})
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			return
		}
		var p struct {
			Op int             `json:"op"`
			D  json.RawMessage `json:"d"`
		}
		if err := json.Unmarshal(data, &p); err != nil {
			s.logf("gateway: bad frame %q: %v", data, err)
			return
		}
		switch p.Op {
		case 1:
			c.sendJSON(map[string]any{"op": 11})
		case 2:
			s.identify(c, p.D)
		case 6:
			s.resume(c, p.D)
		}
	}
}

func (s *Server) identify(c *gwConn, d json.RawMessage) {
	var id struct {
		Shard *[2]int `json:"shard"`
	}
	_ = json.Unmarshal(d, &id)
	sess := &gwSession{id: randomToken(""), shardCount: 1}
	if id.Shard != nil && id.Shard[1] > 0 {
		sess.shardID, sess.shardCount = id.Shard[0], id.Shard[1]
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessions[sess.id] = sess
	s.identifies++
	c.session = sess
	sess.conn = c
	s.identifiedLocked(sess)
	var guilds []map[string]any
	for _, g := range s.guilds {
		if sess.owns(g.id) && !g.botGone {
			guilds = append(guilds, map[string]any{"id": g.id, "unavailable": true})
		}
	}
	ready := map[string]any{
		"v":                  9,
		"user":               s.bot,
		"session_id":         sess.id,
		"resume_gateway_url": s.gatewayURL(),
		"guilds":             guilds,
		"application":        map[string]any{"id": s.appID, "flags": 0},
	}
	if sess.shardCount > 1 {
		ready["shard"] = [2]int{sess.shardID, sess.shardCount}
	}
	sess.push("READY", mustJSON(ready), nil, s.cfg.replayLimit)
	// Discord follows READY with one GUILD_CREATE per guild, which fills
	// discordgo's State.
	for _, g := range s.guilds {
		if sess.owns(g.id) && !g.botGone {
			sess.push("GUILD_CREATE", mustJSON(g.jsonLocked()), nil, s.cfg.replayLimit)
		}
	}
	s.notifyLocked()
}

func (s *Server) resume(c *gwConn, d json.RawMessage) {
	var r struct {
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	_ = json.Unmarshal(d, &r)

	s.mu.Lock()
	sess := s.sessions[r.SessionID]
	if sess == nil || r.Seq > sess.seq || len(sess.log) > 0 && sess.log[0].seq > r.Seq+1 {
		s.mu.Unlock()
		// Invalid session, not resumable: discordgo identifies again.
		c.sendJSON(map[string]any{"op": 9, "d": false})
		return
	}
	old := sess.conn
	sess.conn = c
	c.session = sess
	if old == nil {
		s.checkShardOverlapLocked(sess)
	}
	// Replay first, then RESUMED, in Discord's order.
	for _, e := range sess.log {
		if e.seq > r.Seq {
			c.send(e)
		}
	}
	c.send(gwEvent{frame: []byte(`{"op":0,"s":` + strconv.FormatInt(sess.seq, 10) + `,"t":"RESUMED","d":{}}`)})
	s.resumes++
	s.notifyLocked()
	s.mu.Unlock()
	if old != nil && old != c {
		old.close()
	}
}

// owns reports whether a guild's events go to this session's shard, by
// Discord's formula (guild_id >> 22) % num_shards.
func (sess *gwSession) owns(guildID string) bool {
	if sess.shardCount <= 1 {
		return true
	}
	if guildID == "" {
		return sess.shardID == 0 // direct messages go to shard 0
	}
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return false
	}
	return int((id>>22)%uint64(sess.shardCount)) == sess.shardID
}

// push appends a dispatch to the session's log and sends it if connected.
func (sess *gwSession) push(t string, d []byte, sent func(time.Time, *gwConn), limit int) {
	sess.seq++
	frame := make([]byte, 0, len(d)+len(t)+48)
	frame = append(frame, `{"op":0,"s":`...)
	frame = strconv.AppendInt(frame, sess.seq, 10)
	frame = append(frame, `,"t":`...)
	frame = strconv.AppendQuote(frame, t)
	frame = append(frame, `,"d":`...)
	frame = append(frame, d...)
	frame = append(frame, '}')
	e := gwEvent{seq: sess.seq, frame: frame, sent: sent}
	sess.log = append(sess.log, e)
	if len(sess.log) > limit {
		// Slide the window without copying it: the next append that
		// outgrows the array copies only the window, and the dropped
		// prefix is collected then. Copying the whole log on every
		// dispatch cost a busy load test a seventh of its CPU.
		sess.log = sess.log[len(sess.log)-limit:]
	}
	if sess.conn != nil {
		sess.conn.send(e)
	}
}

// dispatchLocked sends a dispatch to every session that owns guildID and
// returns how many there were. Callers hold s.mu.
func (s *Server) dispatchLocked(guildID, t string, d []byte, sent func(time.Time, *gwConn)) int {
	if kept, ok := s.recorded[t]; ok {
		s.recorded[t] = append(kept, d)
	}
	n := 0
	for _, sess := range s.sessions {
		if sess.owns(guildID) {
			sess.push(t, d, sent, s.cfg.replayLimit)
			n++
		}
	}
	return n
}

// DropConnections cuts every gateway connection without a close frame, as a
// network failure would. Sessions stay resumable: discordgo reconnects by
// itself (after about a second) and RESUMEs, and dispatches sent meanwhile
// are replayed. An interaction in flight is marked cut off (cutOffLocked).
func (s *Server) DropConnections() {
	s.mu.Lock()
	var drop []*gwConn
	for _, sess := range s.sessions {
		if sess.conn != nil {
			drop = append(drop, sess.conn)
			sess.conn.detached = true
			sess.conn = nil
		}
	}
	s.cutOffLocked()
	s.mu.Unlock()
	for _, c := range drop {
		c.close()
	}
}

// RequestReconnect sends op 7 RECONNECT on every connection, as Discord does
// before moving a session; discordgo closes and resumes.
func (s *Server) RequestReconnect() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sess := range s.sessions {
		if sess.conn != nil {
			sess.conn.sendJSON(map[string]any{"op": 7, "d": nil})
		}
	}
}

// Connected returns how many gateway sessions have a live connection.
func (s *Server) Connected() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, sess := range s.sessions {
		if sess.conn != nil {
			n++
		}
	}
	return n
}

// Resumes returns how many RESUMEs the server has accepted.
func (s *Server) Resumes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.resumes
}

// WaitConnected waits until at least n gateway sessions are connected.
func (s *Server) WaitConnected(n int, timeout time.Duration) error {
	return s.waitFor(timeout, func() bool {
		live := 0
		for _, sess := range s.sessions {
			if sess.conn != nil {
				live++
			}
		}
		return live >= n
	})
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("discordtest: marshal: %v", err))
	}
	return b
}
