package discordtest

import (
	"fmt"
	"net/http"
	"time"
)

// Gateway faults beyond DropConnections and RequestReconnect (gateway.go):
// a session Discord will not let the bot resume, the callback deadline of an
// interaction that happened while no bot was connected, and how a missed
// deadline is reported.

// InvalidateSessions cuts every gateway connection, as DropConnections does,
// and forgets the sessions, as Discord does when a session has been gone too
// long: the bot's RESUME is refused with op 9 INVALID_SESSION (d: false), and
// discordgo identifies afresh and gets a new READY. Dispatches meant for the
// old sessions are lost, and until the new session is ready a user's action
// fails with ErrNoBot, as Discord tells its user "This interaction failed".
// An interaction already sent to an old session and not yet answered may be
// lost with it: if it gets no callback in time, its failure says so
// (cutOffLocked).
func (s *Server) InvalidateSessions() {
	s.mu.Lock()
	var drop []*gwConn
	for id, sess := range s.sessions {
		if sess.conn != nil {
			drop = append(drop, sess.conn)
			sess.conn.detached = true
			sess.conn = nil
		}
		delete(s.sessions, id)
	}
	s.cutOffLocked()
	s.notifyLocked()
	s.mu.Unlock()
	for _, c := range drop {
		c.close()
	}
}

// CutGateway drops every gateway connection, as DropConnections does, and
// refuses new ones for d, like a network outage: discordgo retries (after
// 1 s, then 2 s, ...) and resumes once the gateway is back. A user's action
// meanwhile is replayed on the RESUME, and if that is more than 3 s after it
// was made, it is already dead (see offlineLocked).
func (s *Server) CutGateway(d time.Duration) {
	s.mu.Lock()
	s.gatewayDownUntil = time.Now().Add(d)
	s.mu.Unlock()
	s.DropConnections()
}

// refuseGateway answers a gateway connection attempt 503 while the gateway
// is cut, and reports whether it did.
func (s *Server) refuseGateway(w http.ResponseWriter) bool {
	s.mu.Lock()
	down := time.Now().Before(s.gatewayDownUntil)
	s.mu.Unlock()
	if down {
		http.Error(w, "gateway unavailable", http.StatusServiceUnavailable)
	}
	return down
}

// Identifies returns how many IDENTIFYs the server has accepted: one per
// bot start, plus one per session the bot could not resume.
func (s *Server) Identifies() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.identifies
}

// connectedLocked reports whether a session that receives guildID's events
// has a live connection. Callers hold s.mu.
func (s *Server) connectedLocked(guildID string) bool {
	for _, sess := range s.sessions {
		if sess.owns(guildID) && sess.conn != nil {
			return true
		}
	}
	return false
}

// offlineLocked notes that an interaction was created while no bot was
// connected to receive it, for the failure's detail. Its 3-second deadline
// runs from the user's action like every interaction's (startLocked), so
// one replayed after a RESUME more than 3 s later is already dead: the user
// saw "This interaction failed", and the bot's callback gets 404 Unknown
// interaction (10062). Callers hold s.mu.
func (s *Server) offlineLocked(in *interaction) {
	in.offline = true
}

// expire fails an interaction that got no callback in time: Discord shows
// the user "This interaction failed".
func (s *Server) expire(in *interaction) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in.cb == nil && !in.failed {
		s.timeoutLocked(in)
	}
}

func (s *Server) timeoutLocked(in *interaction) {
	in.failed = true
	detail := fmt.Sprintf("no callback within %v of the click", s.cfg.callbackDeadline)
	switch {
	case in.offline:
		detail = fmt.Sprintf("no callback within %v; no bot was connected when it was sent", s.cfg.callbackDeadline)
	case in.cutOff:
		detail = fmt.Sprintf("no callback within %v; the bot's gateway connection dropped just after it was sent", s.cfg.callbackDeadline)
	case !in.delivered:
		// Held on a cut or slow gateway: no bot could have answered it.
		detail = fmt.Sprintf("no callback within %v; it was not delivered to a bot in that time", s.cfg.callbackDeadline)
	}
	s.failLocked(FailureTimeout, in, detail)
	in.settle()
}

// cutOffLocked marks every interaction delivered and not yet answered as sent
// just before its connection went: the frame may not have reached the bot, as
// with real Discord when the network drops. If it then misses its deadline, its
// failure says so rather than blame a slow answer. Callers hold s.mu.
func (s *Server) cutOffLocked() {
	for _, in := range s.interactions {
		if in.delivered && in.cb == nil && !in.failed {
			in.cutOff = true
		}
	}
}
