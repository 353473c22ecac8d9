package discordtest

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// DefaultUserPermissions are a new member's permissions: an ordinary member,
// not a server manager.
const DefaultUserPermissions int64 = discordgo.PermissionViewChannel |
	discordgo.PermissionSendMessages |
	discordgo.PermissionReadMessageHistory |
	discordgo.PermissionUseApplicationCommands |
	discordgo.PermissionAddReactions |
	discordgo.PermissionEmbedLinks |
	discordgo.PermissionAttachFiles

// User is a simulated person, a member of every guild in the fake, who runs
// slash commands and clicks components on the messages they can see.
type User struct {
	s        *Server
	id, name string
	// nick is the server nickname in every guild, "" for none. It has its
	// own lock, not s.mu, so a test may read it inside a Wait condition,
	// which runs under s.mu.
	nickMu sync.Mutex
	nick   string
	perms  int64            // guarded by s.mu
	eph    []*message       // ephemeral messages only this user sees; guarded by s.mu
	locale discordgo.Locale // the client's language, sent with each interaction; guarded by s.mu (see SetLocale)
}

// User returns the user called name, creating them on first use with
// DefaultUserPermissions.
func (s *Server) User(name string) *User {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u := s.names[name]; u != nil {
		return u
	}
	u := &User{s: s, id: s.mint(s.now()), name: name, perms: DefaultUserPermissions}
	s.users[u.id] = u
	s.names[name] = u
	return u
}

// ID returns the user's snowflake.
func (u *User) ID() string { return u.id }

// Name returns the user's name.
func (u *User) Name() string { return u.name }

// DiscordUser returns the user as discordgo describes them.
func (u *User) DiscordUser() *discordgo.User { return u.discordUser() }

func (u *User) discordUser() *discordgo.User {
	return &discordgo.User{ID: u.id, Username: u.name, GlobalName: u.name, Discriminator: "0"}
}

func (u *User) memberLocked(g *Guild) *discordgo.Member {
	return &discordgo.Member{
		GuildID: g.id, User: u.discordUser(), Nick: u.nickname(), Roles: []string{},
		JoinedAt: time.UnixMilli(discordEpochMS).UTC(), Permissions: u.perms,
	}
}

// SetNick gives the user a server nickname in every guild ("" removes it);
// interactions carry it in their member, as Discord's do.
func (u *User) SetNick(nick string) {
	u.nickMu.Lock()
	defer u.nickMu.Unlock()
	u.nick = nick
}

func (u *User) nickname() string {
	u.nickMu.Lock()
	defer u.nickMu.Unlock()
	return u.nick
}

// DisplayName is the name Discord shows for the user in a server: their
// nickname, else their name.
func (u *User) DisplayName() string {
	if n := u.nickname(); n != "" {
		return n
	}
	return u.name
}

// SetPermissions sets the user's permissions in every channel, e.g.
// DefaultUserPermissions|discordgo.PermissionManageServer.
func (u *User) SetPermissions(p int64) {
	u.s.mu.Lock()
	defer u.s.mu.Unlock()
	u.perms = p
}

// Permissions returns the user's permissions.
func (u *User) Permissions() int64 {
	u.s.mu.Lock()
	defer u.s.mu.Unlock()
	return u.perms
}

func (u *User) has(p int64) bool {
	return u.perms&discordgo.PermissionAdministrator != 0 || u.perms&p == p
}

// Ephemeral returns copies of the ephemeral messages only this user sees,
// oldest first, as they look now.
func (u *User) Ephemeral() []*discordgo.Message {
	u.s.mu.Lock()
	defer u.s.mu.Unlock()
	return copyMessages(u.eph)
}

// WaitEphemeral waits until cond holds for the user's ephemeral messages and
// returns them.
func (u *User) WaitEphemeral(timeout time.Duration, cond func([]*discordgo.Message) bool) ([]*discordgo.Message, error) {
	var got []*discordgo.Message
	err := u.s.waitFor(timeout, func() bool {
		got = copyMessages(u.eph)
		return cond(got)
	})
	return got, err
}

// ActionOption adjusts a user action: its timing (WithTime, WithDelay) or,
// for Slash, a command option (IntOpt, StrOpt, ...).
type ActionOption interface {
	applyAction(*actionConfig)
}

type actionConfig struct {
	at    time.Time
	delay time.Duration
	args  []slashArg
}

type actionFunc func(*actionConfig)

func (f actionFunc) applyAction(c *actionConfig) { f(c) }

// WithTime mints the interaction ID with timestamp t instead of the clock's
// now, so discordgo.SnowflakeTimestamp(i.ID) == t (to the millisecond).
func WithTime(t time.Time) ActionOption {
	return actionFunc(func(c *actionConfig) { c.at = t })
}

// WithDelay holds the INTERACTION_CREATE back for d of real time, so that a
// click made earlier (see WithTime) can arrive later. The callback deadline
// still runs from the click, so the delay eats into it, as a slow network
// does on Discord.
func WithDelay(d time.Duration) ActionOption {
	return actionFunc(func(c *actionConfig) { c.delay = d })
}

type slashArg struct {
	name  string
	typ   discordgo.ApplicationCommandOptionType
	value any
	user  *User
}

func (a slashArg) applyAction(c *actionConfig) { c.args = append(c.args, a) }

// IntOpt is an integer option of a slash command.
func IntOpt(name string, v int64) ActionOption {
	return slashArg{name: name, typ: discordgo.ApplicationCommandOptionInteger, value: v}
}

// NumberOpt is a number (float) option of a slash command.
func NumberOpt(name string, v float64) ActionOption {
	return slashArg{name: name, typ: discordgo.ApplicationCommandOptionNumber, value: v}
}

// StrOpt is a string option of a slash command.
func StrOpt(name, v string) ActionOption {
	return slashArg{name: name, typ: discordgo.ApplicationCommandOptionString, value: v}
}

// BoolOpt is a boolean option of a slash command.
func BoolOpt(name string, v bool) ActionOption {
	return slashArg{name: name, typ: discordgo.ApplicationCommandOptionBoolean, value: v}
}

// UserOpt is a user option of a slash command; the interaction carries the
// user in resolved.users and resolved.members, as Discord sends it.
func UserOpt(name string, u *User) ActionOption {
	return slashArg{name: name, typ: discordgo.ApplicationCommandOptionUser, value: u.id, user: u}
}

func collect(opts []ActionOption) actionConfig {
	var c actionConfig
	for _, o := range opts {
		o.applyAction(&c)
	}
	return c
}

type optWrap func([]*discordgo.ApplicationCommandInteractionDataOption) []*discordgo.ApplicationCommandInteractionDataOption

// Click presses the button customID on msg (a message from Channel.Messages
// or User.Ephemeral; its current state in the fake is what counts). Like
// Discord, it refuses a message the user cannot see, a custom_id the message
// does not show, and a disabled button.
func (u *User) Click(msg *discordgo.Message, customID string, opts ...ActionOption) (*Response, error) {
	return u.component(msg, customID, nil, false, opts)
}

// Select chooses values in the select menu customID on msg, with the same
// refusals as Click, plus values that are not among a string menu's options
// or a count outside min_values..max_values.
func (u *User) Select(msg *discordgo.Message, customID string, values []string, opts ...ActionOption) (*Response, error) {
	if values == nil {
		values = []string{}
	}
	return u.component(msg, customID, values, true, opts)
}

func (u *User) component(msg *discordgo.Message, customID string, values []string, isSelect bool, opts []ActionOption) (*Response, error) {
	cfg := collect(opts)
	s := u.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if msg == nil {
		return nil, ErrNotVisible
	}
	rec := s.messages[msg.ID]
	if rec == nil || rec.deleted || rec.ephemeral() && rec.owner != u {
		return nil, fmt.Errorf("%w: message %s", ErrNotVisible, msg.ID)
	}
	c := FindComponent(rec.m, customID)
	if c == nil {
		return nil, fmt.Errorf("%w: %q on message %s", ErrNoComponent, customID, msg.ID)
	}
	data := discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: c.Type()}
	label := "click " + customID
	if b, ok := asButton(c); ok {
		if isSelect {
			return nil, fmt.Errorf("%w: %q is a button, not a select menu", ErrNoComponent, customID)
		}
		if b.Disabled {
			return nil, fmt.Errorf("%w: button %q", ErrDisabled, customID)
		}
	} else if m, ok := asSelect(c); ok {
		if !isSelect {
			return nil, fmt.Errorf("%w: %q is a select menu, not a button", ErrNoComponent, customID)
		}
		if m.Disabled {
			return nil, fmt.Errorf("%w: select menu %q", ErrDisabled, customID)
		}
		if err := s.checkSelectLocked(m, values, &data); err != nil {
			return nil, err
		}
		label = fmt.Sprintf("select %s %v", customID, values)
	}
	return s.startLocked(u, rec.channel, discordgo.InteractionMessageComponent, data, rec, label, cfg)
}

func (s *Server) checkSelectLocked(m *discordgo.SelectMenu, values []string, data *discordgo.MessageComponentInteractionData) error {
	minV, maxV := 1, m.MaxValues
	if m.MinValues != nil {
		minV = *m.MinValues
	}
	if maxV == 0 {
		maxV = 1
	}
	if len(values) < minV || len(values) > maxV {
		return fmt.Errorf("%w: %d values for %q, want %d..%d", ErrBadOption, len(values), m.CustomID, minV, maxV)
	}
	seen := map[string]bool{}
	for _, v := range values {
		if seen[v] {
			return fmt.Errorf("%w: value %q chosen twice", ErrBadOption, v)
		}
		seen[v] = true
		switch m.Type() {
		case discordgo.SelectMenuComponent:
			if !slices.ContainsFunc(m.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == v }) {
				return fmt.Errorf("%w: %q is not an option of %q", ErrBadOption, v, m.CustomID)
			}
		case discordgo.UserSelectMenuComponent:
			u := s.users[v]
			if u == nil {
				return fmt.Errorf("%w: %q is not a user", ErrBadOption, v)
			}
			if data.Resolved.Users == nil {
				data.Resolved.Users = map[string]*discordgo.User{}
			}
			data.Resolved.Users[v] = u.discordUser()
		}
	}
	data.Values = values
	return nil
}
