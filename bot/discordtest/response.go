package discordtest

import (
	"fmt"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Response is the handle of one user action: the interaction the fake sent
// and whatever the bot did with it.
type Response struct {
	s  *Server
	in *interaction
}

// ID returns the interaction's ID.
func (r *Response) ID() string { return r.in.id }

// Token returns the interaction's token.
func (r *Response) Token() string { return r.in.token }

// Wait blocks until the bot answers the interaction and returns the
// callback. It fails with ErrInteractionFailed if no valid callback came
// within the deadline after delivery, and with ErrTimeout if the interaction
// could not even be delivered within its delay plus ten seconds.
func (r *Response) Wait() (Callback, error) {
	t := time.NewTimer(r.in.delay + 10*time.Second + r.s.cfg.callbackDeadline)
	defer t.Stop()
	select {
	case <-r.in.settled:
	case <-t.C:
		return Callback{}, fmt.Errorf("%w: %s was not delivered", ErrTimeout, r.in.label)
	case <-r.s.done:
		return Callback{}, ErrClosed
	}
	r.s.mu.Lock()
	defer r.s.mu.Unlock()
	if r.in.cb == nil {
		return Callback{}, fmt.Errorf("%w: %s by %s: no callback within %v", ErrInteractionFailed, r.in.label, r.in.user.name, r.s.cfg.callbackDeadline)
	}
	cb := *r.in.cb
	if r.in.cbMessage != nil {
		cb.Message = copyMessage(r.in.cbMessage)
	}
	if r.s.cfg.noVersions {
		r.in.cbMessage, r.in.cb.Data = nil, nil
	}
	return cb, nil
}

// Message returns the current state of the interaction's message (the
// response, or for update callbacks the component's message), or nil if
// there is none or it was deleted.
func (r *Response) Message() *discordgo.Message {
	r.s.mu.Lock()
	defer r.s.mu.Unlock()
	if o := r.in.original; o != nil && !o.deleted {
		return copyMessage(o.m)
	}
	return nil
}

// WaitEdited waits until the bot has edited the interaction's messages
// through its token (PATCH .../messages/@original or /{id}, or the first
// follow-up after a deferral) at least n times, and returns Message().
func (r *Response) WaitEdited(n int, timeout time.Duration) (*discordgo.Message, error) {
	err := r.s.waitFor(timeout, func() bool { return r.in.edits >= n })
	if err != nil {
		return nil, fmt.Errorf("%s: waiting for %d edits: %w", r.in.label, n, err)
	}
	return r.Message(), nil
}

// WaitDelivered waits until the bot has delivered what it deferred with a
// "thinking…" placeholder (type 5): edited it, sent a follow-up, or deleted it,
// as a bot does when its late answer was an edit of the clicked message
// instead. It returns Message() (nil once the placeholder was deleted) and
// the clicked message as it is now, if the interaction was a click.
func (r *Response) WaitDelivered(timeout time.Duration) (shown, clicked *discordgo.Message, err error) {
	err = r.s.waitFor(timeout, func() bool {
		return r.in.edits > 0 || len(r.in.followups) > 0 || r.in.original != nil && r.in.original.deleted
	})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: waiting for the deferred answer: %w", r.in.label, err)
	}
	r.s.mu.Lock()
	if src := r.in.source; src != nil && !src.deleted {
		clicked = copyMessage(src.m)
	}
	r.s.mu.Unlock()
	return r.Message(), clicked, nil
}

// Followups returns the current state of the follow-up messages the bot
// sent with this interaction's token, oldest first, without deleted ones.
func (r *Response) Followups() []*discordgo.Message {
	r.s.mu.Lock()
	defer r.s.mu.Unlock()
	return copyMessages(slices.DeleteFunc(slices.Clone(r.in.followups), func(m *message) bool { return m.deleted }))
}

// WaitFollowups waits until the bot has sent at least n follow-ups and
// returns them.
func (r *Response) WaitFollowups(n int, timeout time.Duration) ([]*discordgo.Message, error) {
	err := r.s.waitFor(timeout, func() bool { return len(r.in.followups) >= n })
	if err != nil {
		return nil, fmt.Errorf("%s: waiting for %d follow-ups: %w", r.in.label, n, err)
	}
	return r.Followups(), nil
}

// FailureKind says how the bot broke Discord's interaction rules.
type FailureKind int

// Failure kinds. The zero value means none.
const (
	// FailureTimeout: no callback within the deadline after delivery; the
	// user saw "This interaction failed".
	FailureTimeout FailureKind = iota + 1
	// FailureLate: a callback arrived after the deadline and was refused
	// with 404 Unknown interaction (10062).
	FailureLate
	// FailureDouble: a second callback to one interaction, refused with 400
	// Interaction has already been acknowledged (40060).
	FailureDouble
)

// String names the kind.
func (k FailureKind) String() string {
	switch k {
	case FailureTimeout:
		return "timeout"
	case FailureLate:
		return "late callback"
	case FailureDouble:
		return "double callback"
	}
	return "none"
}

// Failure is one broken interaction.
type Failure struct {
	Kind          FailureKind
	InteractionID string
	// User is the acting user's name; Action what they did, e.g.
	// "/laro new" or "click v1/laro/…".
	User   string
	Action string
	Detail string
	// At is the real time the failure was recorded.
	At time.Time
}

// String describes the failure in one line for test output.
func (f Failure) String() string {
	return fmt.Sprintf("%s: %s by %s (interaction %s): %s", f.Kind, f.Action, f.User, f.InteractionID, f.Detail)
}

// Failures returns every interaction failure so far, in order. A healthy
// test ends with none.
func (s *Server) Failures() []Failure {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.failures)
}

func (s *Server) failLocked(kind FailureKind, in *interaction, detail string) {
	f := Failure{Kind: kind, InteractionID: in.id, User: in.user.name, Action: in.label, Detail: detail, At: time.Now()}
	s.failures = append(s.failures, f)
	s.notifyLocked()
	s.logf("%s", f)
}
