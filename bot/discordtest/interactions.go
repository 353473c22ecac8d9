package discordtest

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
)

// interaction is one interaction from creation to its last token use.
// Guarded by Server.mu.
type interaction struct {
	id, token string
	typ       discordgo.InteractionType
	user      *User
	channel   *Channel
	source    *message // the message a component was on
	label     string   // what the user did, for failure reports
	delay     time.Duration
	issued    time.Time // server clock: the token's 15 minutes start here
	// clicked is the real instant of the user's action: its snowflake
	// time, read on the server's clock and carried over to the wall clock.
	// The callback's 3 seconds run from here, as Discord counts them, not
	// from delivery, which a slow or cut gateway can put seconds later.
	clicked time.Time

	dispatched  bool // queued to a gateway session at least once
	delivered   bool
	deliveredAt time.Time // real time the first write to a gateway began
	offline     bool      // it was sent while no bot was connected
	// cutOff: it was delivered just before the gateway connection dropped
	// (DropConnections, CutGateway) or its session was invalidated
	// (InvalidateSessions), and no callback had come: the bot may never have
	// read it. A resumed session gets it again, maybe past its deadline; an
	// invalidated one never does.
	cutOff    bool
	cb        *Callback          // its Message is left nil: see cbMessage
	cbMessage *discordgo.Message // the version Callback.Message shows, copied out by Response.Wait
	failed    bool
	settled   chan struct{} // closed once there is a callback or a failure

	original  *message // the response message; for types 6 and 7, source
	followups []*message
	edits     int // webhook edits of messages of this interaction
}

func (in *interaction) settle() {
	select {
	case <-in.settled:
	default:
		close(in.settled)
	}
}

// wireInteraction puts back the message's components, which
// discordgo.Message omits from its JSON.
type wireInteraction struct {
	*discordgo.Interaction
	Message json.RawMessage `json:"message,omitempty"`
}

// interactionFrame is the INTERACTION_CREATE payload: di and, for a
// component, the message it is on. It equals mustJSON of the
// wireInteraction: encoding/json writes the dominant "message" field last,
// as compacted bytes, and splicing in the message's cached encoding spares
// encoding it and compacting it again on every click.
func interactionFrame(di *discordgo.Interaction, source *message) []byte {
	frame := mustJSON(wireInteraction{Interaction: di})
	if source == nil {
		return frame
	}
	return append(append(append(frame[:len(frame)-1], `,"message":`...), source.json()...), '}')
}

// startLocked mints an interaction and sends INTERACTION_CREATE now or after
// the configured delay.
func (s *Server) startLocked(u *User, ch *Channel, typ discordgo.InteractionType, data discordgo.InteractionData, source *message, label string, cfg actionConfig) (*Response, error) {
	if s.closed {
		return nil, ErrClosed
	}
	if ch.guild.botGone {
		return nil, ErrNoBot
	}
	owners := 0
	for _, sess := range s.sessions {
		if sess.owns(ch.guild.id) {
			owners++
		}
	}
	if owners == 0 {
		return nil, ErrNoBot
	}
	locale, guildLocale := localesLocked(u, ch.guild)
	at := timeOrNow(cfg.at, s)
	di := &discordgo.Interaction{
		ID:             s.mint(at),
		AppID:          s.appID,
		Type:           typ,
		Data:           data,
		GuildID:        ch.guild.id,
		ChannelID:      ch.id,
		AppPermissions: ch.effectivePerms(),
		Member:         u.memberLocked(ch.guild),
		Locale:         locale,
		GuildLocale:    &guildLocale,
		Context:        discordgo.InteractionContextGuild,
		Token:          randomToken("aW50ZXJhY3Rpb24"),
		Version:        1,
	}
	in := &interaction{
		id: di.ID, token: di.Token, typ: typ, user: u, channel: ch, source: source,
		label: label, delay: cfg.delay, issued: s.now(), settled: make(chan struct{}),
		clicked: time.Now().Add(at.Sub(s.now())),
	}
	frame := interactionFrame(di, source)
	s.interactions[in.id] = in
	s.byToken[in.token] = in
	s.afterFuncLocked(time.Until(in.clicked.Add(s.cfg.callbackDeadline)), func() { s.expire(in) })
	send := func() {
		in.dispatched = true
		s.dispatchLocked(ch.guild.id, "INTERACTION_CREATE", frame, func(t time.Time, c *gwConn) { s.markSent(in, t, c) })
		if !s.connectedLocked(ch.guild.id) {
			s.offlineLocked(in)
		}
	}
	if cfg.delay > 0 {
		s.afterFuncLocked(cfg.delay, func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			send()
		})
	} else {
		send()
	}
	return &Response{s: s, in: in}, nil
}

// markSent records the first delivery, on c, for Callback.Latency. A replay
// after RESUME or a second shard session does not count again. A write that
// begins on a connection already dropped from its session may never reach
// the bot (see cutOffLocked): the drop and this stamp take s.mu in turn, so
// either the drop sees the delivery or this sees the drop.
func (s *Server) markSent(in *interaction, t time.Time, c *gwConn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	if c != nil && c.detached && in.cb == nil && !in.failed {
		in.cutOff = true
	}
	if in.delivered {
		return
	}
	s.deliveredLocked(in, t)
}

func (s *Server) deliveredLocked(in *interaction, t time.Time) {
	in.delivered = true
	in.deliveredAt = t
	s.notifyLocked()
}

// Callback is the bot's answer to an interaction, as the fake accepted it.
type Callback struct {
	// Type is the interaction callback type (4 message, 5 deferred message,
	// 6 deferred update, 7 update message, ...).
	Type discordgo.InteractionResponseType
	// Ephemeral reports a response only the acting user sees.
	Ephemeral bool
	// Message is the message right after the callback: the new response for
	// types 4 and 5, the component's message for 6 and 7; nil otherwise.
	Message *discordgo.Message
	// Data is the callback's "data" object exactly as the bot sent it.
	Data json.RawMessage
	// Latency is the real time from delivery of INTERACTION_CREATE to the
	// callback's arrival, which under SetLatency is half a round trip after
	// the bot sent it. The deadline is not measured on it but from the
	// click (see WithCallbackDeadline).
	Latency time.Duration
	// Arrived is the real time the callback reached the fake: when Discord
	// would have shown the answer. It lets a caller time a click from its
	// own clock, gateway delivery included, which Latency leaves out.
	Arrived time.Time
}

// serveCallback handles POST /interactions/{id}/{token}/callback.
func (s *Server) serveCallback(rc *reqCtx, id, token string) (result, *apiError) {
	arrived := time.Now()
	doc, files, err := readBody(rc.r, rc.body)
	if err != nil {
		return result{}, formError("_", "BASE_TYPE_BAD_JSON", err.Error())
	}
	var body struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}
	if err := json.Unmarshal(doc, &body); err != nil {
		return result{}, formError("_", "BASE_TYPE_BAD_JSON", err.Error())
	}
	p, err := parsePayload(body.Data, files)
	if err != nil {
		return result{}, formError("data", "BASE_TYPE_BAD_JSON", err.Error())
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.interactions[id]
	if in == nil || in.token != token || !in.dispatched {
		return result{}, errUnknownInteraction()
	}
	if !in.delivered {
		// The bot read the frame before the writer goroutine got the lock
		// to record its delivery; the frame cannot have left much earlier.
		s.deliveredLocked(in, arrived)
	}
	if in.cb != nil {
		s.failLocked(FailureDouble, in, fmt.Sprintf("second callback (type %d) after type %d", body.Type, in.cb.Type))
		return result{}, errAcknowledged()
	}
	latency := arrived.Sub(in.deliveredAt)
	if age := arrived.Sub(in.clicked); in.failed || age > s.cfg.callbackDeadline {
		if !in.failed {
			s.timeoutLocked(in)
		}
		s.failLocked(FailureLate, in, fmt.Sprintf("callback type %d arrived %v after the click (%v after delivery)",
			body.Type, age.Round(time.Millisecond), latency.Round(time.Millisecond)))
		return result{}, errUnknownInteraction()
	}

	if (in.typ == discordgo.InteractionApplicationCommandAutocomplete) != (body.Type == discordgo.InteractionApplicationCommandAutocompleteResult) {
		// Discord: an autocomplete takes only choices, and choices answer
		// nothing else.
		return result{}, formError("type", "INTERACTION_RESPONSE_TYPE_INVALID", fmt.Sprintf("Invalid interaction response type %d for interaction type %d", body.Type, in.typ))
	}
	cb := &Callback{Type: body.Type, Data: append(json.RawMessage(nil), body.Data...), Latency: latency, Arrived: arrived}
	switch body.Type {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		m := s.newMessageLocked(in.channel, p)
		s.stampResponse(m, in, p)
		if body.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			// Discord shows "thinking…" until the first edit or follow-up.
			m.Content, m.Embeds, m.Components, m.Attachments = "", nil, nil, nil
			m.Flags |= discordgo.MessageFlagsLoading
		} else if e := s.validateMessage(m); e != nil {
			return result{}, e
		}
		in.original = s.addResponseLocked(in, m)
		cb.Ephemeral = in.original.ephemeral()
	case discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage:
		if in.source == nil {
			return result{}, formError("type", "INTERACTION_RESPONSE_TYPE_INVALID", "Update responses are only valid for component interactions")
		}
		if in.source.deleted {
			return result{}, errUnknownMessage()
		}
		if body.Type == discordgo.InteractionResponseUpdateMessage {
			if e := s.editLocked(in.source, p); e != nil {
				return result{}, e
			}
		}
		in.original = in.source
		cb.Ephemeral = in.source.ephemeral()
	case discordgo.InteractionApplicationCommandAutocompleteResult, discordgo.InteractionResponseModal:
	default:
		return result{}, formError("type", "INTERACTION_RESPONSE_TYPE_INVALID", fmt.Sprintf("Invalid interaction response type %d", body.Type))
	}
	if in.original != nil {
		// Response.Wait copies it out: most callbacks are never read.
		in.cbMessage = in.original.m
	}
	in.cb = cb
	in.settle()
	s.notifyLocked()
	return result{status: 204}, nil
}

// stampResponse marks m as sent by the application for in, with the flags a
// response may carry.
func (s *Server) stampResponse(m *discordgo.Message, in *interaction, p payload) {
	if p.flags != nil {
		m.Flags = *p.flags & (discordgo.MessageFlagsEphemeral | discordgo.MessageFlagsSuppressEmbeds |
			discordgo.MessageFlagsSuppressNotifications | discordgo.MessageFlagsIsComponentsV2)
	}
	m.WebhookID = s.appID
	m.InteractionMetadata = &discordgo.MessageInteractionMetadata{ID: in.id, Type: in.typ, User: in.user.discordUser()}
	if in.typ == discordgo.InteractionApplicationCommand {
		m.Type = discordgo.MessageTypeChatInputCommand
	} else {
		m.Type = discordgo.MessageTypeReply
	}
}

// addResponseLocked stores a message sent with an interaction's token: in
// the channel, or only in the acting user's view if ephemeral.
func (s *Server) addResponseLocked(in *interaction, m *discordgo.Message) *message {
	rec := &message{m: m, channel: in.channel, in: in}
	if m.Flags&discordgo.MessageFlagsEphemeral != 0 {
		rec.owner = in.user
		in.user.eph = append(in.user.eph, rec)
	} else {
		in.channel.msgs = append(in.channel.msgs, rec)
		in.channel.recordLocked(m)
	}
	s.messages[m.ID] = rec
	s.observeLocked(rec, true, false)
	s.notifyLocked()
	return rec
}

// serveWebhook handles the interaction webhook: POST /webhooks/{app}/{token}
// (follow-ups) and GET|PATCH|DELETE /webhooks/{app}/{token}/messages/{id}.
func (s *Server) serveWebhook(rc *reqCtx) (result, *apiError) {
	segs := rc.segs
	var p payload
	if rc.method == "POST" || rc.method == "PATCH" {
		var err error
		if p, err = rc.payload(); err != nil {
			return result{}, formError("_", "BASE_TYPE_BAD_JSON", err.Error())
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if segs[1] != s.appID {
		return result{}, errUnknownWebhook()
	}
	in := s.byToken[segs[2]]
	if in == nil || s.now().Sub(in.issued) > s.cfg.tokenLifetime {
		return result{}, errInvalidToken()
	}
	switch {
	case len(segs) == 3 && rc.method == "POST":
		return s.followupLocked(in, rc, p)
	case len(segs) == 5 && segs[3] == "messages":
		rec := in.original
		if segs[4] != "@original" {
			rec = nil
			if in.original != nil && in.original.m.ID == segs[4] {
				rec = in.original
			}
			for _, f := range in.followups {
				if f.m.ID == segs[4] {
					rec = f
				}
			}
		}
		if rec == nil || rec.deleted {
			return result{}, errUnknownMessage()
		}
		switch rc.method {
		case "GET":
			return jsonResult(rec.json()), nil
		case "PATCH":
			if e := s.editLocked(rec, p); e != nil {
				return result{}, e
			}
			in.edits++
			return jsonResult(rec.json()), nil
		case "DELETE":
			s.deleteLocked(rec)
			return result{status: 204}, nil
		}
	}
	return result{}, errNotFound()
}

func (s *Server) followupLocked(in *interaction, rc *reqCtx, p payload) (result, *apiError) {
	if in.cb == nil {
		return result{}, errUnknownWebhook()
	}
	var rec *message
	if o := in.original; o != nil && !o.deleted && o.m.Flags&discordgo.MessageFlagsLoading != 0 {
		// Discord: after a deferred response, the first follow-up replaces
		// the "thinking…" message (keeping its visibility).
		if e := s.editLocked(o, p); e != nil {
			return result{}, e
		}
		in.edits++
		rec = o
	} else {
		m := s.newMessageLocked(in.channel, p)
		s.stampResponse(m, in, p)
		if e := s.validateMessage(m); e != nil {
			return result{}, e
		}
		rec = s.addResponseLocked(in, m)
		in.followups = append(in.followups, rec)
	}
	if rc.query.Get("wait") != "true" {
		return result{status: 204}, nil
	}
	return jsonResult(rec.json()), nil
}
