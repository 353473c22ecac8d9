package emojis

import (
	"github.com/bwmarrin/discordgo"
)

// WithBudget returns api with every call made only once wait allows it.
// The application emoji routes count against Discord's global rate limit,
// like table messages, so the bot passes its global budget here: without
// it, the 93 uploads of a first start came on top of the tables' own calls
// and earned global 429s. wait returns an error when the bot is stopping.
func WithBudget(api API, wait func() error) API { return budgeted{api: api, wait: wait} }

type budgeted struct {
	api  API
	wait func() error
}

func (b budgeted) ApplicationEmojis(appID string, options ...discordgo.RequestOption) ([]*discordgo.Emoji, error) {
	if err := b.wait(); err != nil {
		return nil, err
	}
	return b.api.ApplicationEmojis(appID, options...)
}

func (b budgeted) ApplicationEmojiCreate(appID string, data *discordgo.EmojiParams, options ...discordgo.RequestOption) (*discordgo.Emoji, error) {
	if err := b.wait(); err != nil {
		return nil, err
	}
	return b.api.ApplicationEmojiCreate(appID, data, options...)
}

func (b budgeted) ApplicationEmojiDelete(appID, emojiID string, options ...discordgo.RequestOption) error {
	if err := b.wait(); err != nil {
		return err
	}
	return b.api.ApplicationEmojiDelete(appID, emojiID, options...)
}
