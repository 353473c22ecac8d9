package discordtest

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"
)

// Commands returns copies of the application commands the bot registered
// for guildID, or its global commands when guildID is "".
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	return copyCommands(s.commandsLocked(guildID))
}

func (s *Server) commandsLocked(guildID string) []*discordgo.ApplicationCommand {
	if guildID == "" {
		return s.globalCommands
	}
	return s.guildCommands[guildID]
}

func (s *Server) setCommandsLocked(guildID string, cmds []*discordgo.ApplicationCommand) {
	if guildID == "" {
		s.globalCommands = cmds
	} else {
		s.guildCommands[guildID] = cmds
	}
	s.notifyLocked()
}

func copyCommands(cmds []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
	out := []*discordgo.ApplicationCommand{}
	if err := json.Unmarshal(mustJSON(cmds), &out); err != nil {
		panic("discordtest: copy commands: " + err.Error())
	}
	return out
}

// serveCommands handles /applications/{app}/commands[/{id}] and
// /applications/{app}/guilds/{g}/commands[/{id}].
func (s *Server) serveCommands(rc *reqCtx) (result, *apiError) {
	segs := rc.segs
	if len(segs) < 3 || segs[1] != s.appID {
		return result{}, errNotFound()
	}
	rest := segs[2:]
	guildID := ""
	if rest[0] == "guilds" && len(rest) >= 3 {
		guildID, rest = rest[1], rest[2:]
	}
	if rest[0] != "commands" || len(rest) > 2 {
		return result{}, errNotFound()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if guildID != "" && s.guildIDs[guildID] == nil {
		return result{}, &apiError{status: 404, Message: "Unknown Guild", Code: 10004}
	}
	cmds := s.commandsLocked(guildID)
	switch {
	case len(rest) == 1 && rc.method == "GET":
		return jsonResult(mustJSON(orEmpty(cmds))), nil
	case len(rest) == 1 && rc.method == "PUT":
		var in []*discordgo.ApplicationCommand
		if err := json.Unmarshal(rc.body, &in); err != nil {
			return result{}, formError("_", "BASE_TYPE_BAD_JSON", err.Error())
		}
		if len(in) > 100 {
			return result{}, tooLong("_", 100)
		}
		for i, c := range in {
			if err := validateCommand(fmt.Sprint(i), c); err != nil {
				return result{}, err
			}
		}
		for i, c := range in {
			s.fillCommandLocked(c, guildID, cmds)
			in[i] = c
		}
		s.setCommandsLocked(guildID, in)
		return jsonResult(mustJSON(orEmpty(in))), nil
	case len(rest) == 1 && rc.method == "POST":
		var c discordgo.ApplicationCommand
		if err := json.Unmarshal(rc.body, &c); err != nil {
			return result{}, formError("_", "BASE_TYPE_BAD_JSON", err.Error())
		}
		if err := validateCommand("_", &c); err != nil {
			return result{}, err
		}
		s.fillCommandLocked(&c, guildID, cmds)
		next := slices.DeleteFunc(slices.Clone(cmds), func(x *discordgo.ApplicationCommand) bool { return x.Name == c.Name })
		s.setCommandsLocked(guildID, append(next, &c))
		return result{status: 201, body: mustJSON(&c)}, nil
	case len(rest) == 2:
		i := slices.IndexFunc(cmds, func(x *discordgo.ApplicationCommand) bool { return x.ID == rest[1] })
		if i < 0 {
			return result{}, &apiError{status: 404, Message: "Unknown application command", Code: 10063}
		}
		switch rc.method {
		case "GET":
			return jsonResult(mustJSON(cmds[i])), nil
		case "DELETE":
			s.setCommandsLocked(guildID, slices.Delete(slices.Clone(cmds), i, i+1))
			return result{status: 204}, nil
		}
	}
	return result{}, errNotFound()
}

// fillCommandLocked gives a command the fields Discord assigns, keeping the
// ID of an existing command with the same name as a bulk overwrite does.
func (s *Server) fillCommandLocked(c *discordgo.ApplicationCommand, guildID string, old []*discordgo.ApplicationCommand) {
	c.ApplicationID = s.appID
	c.GuildID = guildID
	if c.Type == 0 {
		c.Type = discordgo.ChatApplicationCommand
	}
	c.ID = ""
	for _, o := range old {
		if o.Name == c.Name && o.Type == c.Type {
			c.ID = o.ID
		}
	}
	if c.ID == "" {
		c.ID = s.mint(s.now())
	}
	c.Version = s.mint(s.now())
}

func orEmpty[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}
