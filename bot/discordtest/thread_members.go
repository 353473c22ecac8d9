package discordtest

import (
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Thread members: PUT /channels/{thread}/thread-members/{user} adds a
// member to a thread, which then shows in their channel list. As on
// Discord, the thread must not be archived and the bot must be able to
// send messages in it; the answer is 204 with no body.

// addThreadMemberLocked answers PUT /channels/{thread}/thread-members/{user}.
func (s *Server) addThreadMemberLocked(ch *Channel, user string) (result, *apiError) {
	if ch.th == nil {
		return result{}, errWrongChannelType()
	}
	if ch.th.archived {
		return result{}, errThreadArchived()
	}
	if !ch.botCan(discordgo.PermissionSendMessages) {
		return result{}, errMissingPermissions()
	}
	if s.users[user] == nil {
		return result{}, &apiError{status: 404, Message: "Unknown User", Code: 10013}
	}
	if !slices.Contains(ch.th.members, user) {
		ch.th.members = append(ch.th.members, user)
		s.notifyLocked()
	}
	return result{status: 204}, nil
}

// Members returns the IDs of the users added to a thread (not the bot,
// nor its starter), in the order they were added; nil for a channel.
func (c *Channel) Members() []string {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	if c.th == nil {
		return nil
	}
	return slices.Clone(c.th.members)
}

// WaitMembers waits until cond holds for the thread's members.
func (c *Channel) WaitMembers(timeout time.Duration, cond func([]string) bool) ([]string, error) {
	var got []string
	err := c.s.waitFor(timeout, func() bool {
		if c.th != nil {
			got = slices.Clone(c.th.members)
		}
		return cond(got)
	})
	return got, err
}
