package discordtest

// overrideKey names one user allowed one command in one guild.
type overrideKey struct{ guild, command, user string }

// AllowCommand lets u use command in the guild whatever its
// default_member_permissions say, as a server's admins can in Discord's
// Server Settings → Integrations. The interaction still carries u's own
// permissions, so a bot that checks them there refuses u all the same.
func (g *Guild) AllowCommand(command string, u *User) {
	g.s.mu.Lock()
	defer g.s.mu.Unlock()
	g.s.overrides[overrideKey{g.id, command, u.id}] = true
}
