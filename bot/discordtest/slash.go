package discordtest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Slash runs a chat command in ch. command is the command name followed by
// any subcommand group and subcommand, space-separated ("laro new"); opts
// carry the options and timing. Like Discord's client, it refuses commands
// the bot has not registered for the guild (or globally), commands hidden by
// default_member_permissions, unknown or mistyped options, values outside
// choices or min/max, and missing required options.
func (u *User) Slash(ch *Channel, command string, opts ...ActionOption) (*Response, error) {
	cfg := collect(opts)
	parts := strings.Fields(command)
	if len(parts) == 0 {
		return nil, fmt.Errorf("%w: empty command", ErrUnknownCommand)
	}
	s := u.s
	s.mu.Lock()
	defer s.mu.Unlock()
	cmd := s.commandLocked(ch, parts[0])
	if cmd == nil {
		return nil, fmt.Errorf("%w: /%s", ErrUnknownCommand, parts[0])
	}
	if p := cmd.DefaultMemberPermissions; p != nil && *p != 0 && !u.has(*p) && !s.overrides[overrideKey{ch.guild.id, cmd.Name, u.id}] {
		return nil, fmt.Errorf("%w: /%s needs permissions %#x", ErrForbidden, cmd.Name, *p)
	}

	resolved := &discordgo.ApplicationCommandInteractionDataResolved{}
	defs, wrap, err := subcommand(cmd, parts[1:])
	if err != nil {
		return nil, err
	}
	leaf, err := buildOptions(defs, cfg.args, resolved, ch.guild)
	if err != nil {
		return nil, err
	}
	data := discordgo.ApplicationCommandInteractionData{
		ID: cmd.ID, Name: cmd.Name, CommandType: discordgo.ChatApplicationCommand, Options: wrap(leaf),
	}
	if len(resolved.Users) > 0 {
		data.Resolved = resolved
	}
	return s.startLocked(u, ch, discordgo.InteractionApplicationCommand, data, nil, "/"+strings.Join(parts, " "), cfg)
}

// commandLocked finds the chat command called name that ch's guild offers:
// registered for that guild, else globally. s.mu is held.
func (s *Server) commandLocked(ch *Channel, name string) *discordgo.ApplicationCommand {
	if cmd := findCommand(s.guildCommands[ch.guild.id], name); cmd != nil {
		return cmd
	}
	return findCommand(s.globalCommands, name)
}

func findCommand(cmds []*discordgo.ApplicationCommand, name string) *discordgo.ApplicationCommand {
	for _, c := range cmds {
		if c.Name == name && (c.Type == 0 || c.Type == discordgo.ChatApplicationCommand) {
			return c
		}
	}
	return nil
}

func findOption(defs []*discordgo.ApplicationCommandOption, name string) *discordgo.ApplicationCommandOption {
	for _, d := range defs {
		if d.Name == name {
			return d
		}
	}
	return nil
}

// subcommand resolves "group sub" or "sub" against cmd and returns the leaf
// option definitions and a function nesting leaf options the way Discord
// does.
func subcommand(cmd *discordgo.ApplicationCommand, path []string) ([]*discordgo.ApplicationCommandOption, optWrap, error) {
	isSub := func(d *discordgo.ApplicationCommandOption) bool {
		return d.Type == discordgo.ApplicationCommandOptionSubCommand || d.Type == discordgo.ApplicationCommandOptionSubCommandGroup
	}
	identity := func(o []*discordgo.ApplicationCommandInteractionDataOption) []*discordgo.ApplicationCommandInteractionDataOption {
		return o
	}
	if len(path) == 0 {
		if slices.ContainsFunc(cmd.Options, isSub) {
			return nil, nil, fmt.Errorf("%w: /%s needs a subcommand", ErrUnknownCommand, cmd.Name)
		}
		return cmd.Options, identity, nil
	}
	d := findOption(cmd.Options, path[0])
	if d == nil || !isSub(d) {
		return nil, nil, fmt.Errorf("%w: /%s has no subcommand %q", ErrUnknownCommand, cmd.Name, path[0])
	}
	if d.Type == discordgo.ApplicationCommandOptionSubCommand {
		if len(path) != 1 {
			return nil, nil, fmt.Errorf("%w: /%s %s takes no further subcommand", ErrUnknownCommand, cmd.Name, d.Name)
		}
		return d.Options, func(o []*discordgo.ApplicationCommandInteractionDataOption) []*discordgo.ApplicationCommandInteractionDataOption {
			return []*discordgo.ApplicationCommandInteractionDataOption{{Name: d.Name, Type: d.Type, Options: o}}
		}, nil
	}
	if len(path) != 2 {
		return nil, nil, fmt.Errorf("%w: /%s %s needs exactly one subcommand", ErrUnknownCommand, cmd.Name, d.Name)
	}
	sd := findOption(d.Options, path[1])
	if sd == nil || sd.Type != discordgo.ApplicationCommandOptionSubCommand {
		return nil, nil, fmt.Errorf("%w: /%s %s has no subcommand %q", ErrUnknownCommand, cmd.Name, d.Name, path[1])
	}
	return sd.Options, func(o []*discordgo.ApplicationCommandInteractionDataOption) []*discordgo.ApplicationCommandInteractionDataOption {
		sub := &discordgo.ApplicationCommandInteractionDataOption{Name: sd.Name, Type: sd.Type, Options: o}
		return []*discordgo.ApplicationCommandInteractionDataOption{{Name: d.Name, Type: d.Type, Options: []*discordgo.ApplicationCommandInteractionDataOption{sub}}}
	}, nil
}

// buildOptions checks args against their definitions as Discord's client
// does before it lets a command be sent.
func buildOptions(defs []*discordgo.ApplicationCommandOption, args []slashArg, resolved *discordgo.ApplicationCommandInteractionDataResolved, g *Guild) ([]*discordgo.ApplicationCommandInteractionDataOption, error) {
	var out []*discordgo.ApplicationCommandInteractionDataOption
	given := map[string]bool{}
	for _, a := range args {
		d := findOption(defs, a.name)
		if d == nil {
			return nil, fmt.Errorf("%w: no option %q", ErrBadOption, a.name)
		}
		if given[a.name] {
			return nil, fmt.Errorf("%w: option %q given twice", ErrBadOption, a.name)
		}
		given[a.name] = true
		typeOK := d.Type == a.typ || a.typ == discordgo.ApplicationCommandOptionUser && d.Type == discordgo.ApplicationCommandOptionMentionable
		if !typeOK {
			return nil, fmt.Errorf("%w: option %q is %s, not %s", ErrBadOption, a.name, d.Type, a.typ)
		}
		if err := checkRange(d, a.value); err != nil {
			return nil, err
		}
		if a.user != nil {
			if resolved.Users == nil {
				resolved.Users = map[string]*discordgo.User{}
				resolved.Members = map[string]*discordgo.Member{}
			}
			resolved.Users[a.user.id] = a.user.discordUser()
			m := a.user.memberLocked(g)
			m.User = nil // Discord leaves the user out of resolved members
			resolved.Members[a.user.id] = m
		}
		out = append(out, &discordgo.ApplicationCommandInteractionDataOption{Name: d.Name, Type: d.Type, Value: a.value})
	}
	for _, d := range defs {
		if d.Required && !given[d.Name] {
			return nil, fmt.Errorf("%w: required option %q missing", ErrBadOption, d.Name)
		}
	}
	return out, nil
}

func checkRange(d *discordgo.ApplicationCommandOption, v any) error {
	if len(d.Choices) > 0 && !slices.ContainsFunc(d.Choices, func(c *discordgo.ApplicationCommandOptionChoice) bool {
		return sameValue(c.Value, v)
	}) {
		return fmt.Errorf("%w: option %q: %v is not one of its choices", ErrBadOption, d.Name, v)
	}
	switch x := v.(type) {
	case int64:
		return checkNumber(d, float64(x))
	case float64:
		return checkNumber(d, x)
	case string:
		if d.MinLength != nil && runes(x) < *d.MinLength || d.MaxLength > 0 && runes(x) > d.MaxLength {
			return fmt.Errorf("%w: option %q: length of %q out of range", ErrBadOption, d.Name, x)
		}
	}
	return nil
}

func checkNumber(d *discordgo.ApplicationCommandOption, x float64) error {
	if d.MinValue != nil && x < *d.MinValue || d.MaxValue != 0 && x > d.MaxValue {
		return fmt.Errorf("%w: option %q: %v out of range", ErrBadOption, d.Name, x)
	}
	return nil
}

// sameValue compares a choice value (decoded from JSON: float64 or string)
// with an option value.
func sameValue(choice, v any) bool {
	switch x := v.(type) {
	case int64:
		f, ok := choice.(float64)
		return ok && f == float64(x)
	default:
		return choice == v
	}
}
