package bot_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot"
)

// TestFastClickDecodingMatchesDecodeClick decodes thousands of random
// clicks, written as encoding/json writes them (and some indented, some
// with the fields real Discord adds), both on the connection's way and by
// encoding/json: both must give the same interaction. Strings carry
// quotes, backslashes, control characters, non-ASCII letters and invalid
// UTF-8, which encoding/json writes as escapes.
func TestFastClickDecodingMatchesDecodeClick(t *testing.T) {
	t.Parallel()
	for seed := range uint64(3000) {
		rng := rand.New(rand.NewPCG(seed, 7))
		raw := randomClick(t, rng)
		want, err := bot.DecodeGatewayInteraction(raw)
		if err != nil {
			t.Fatalf("seed %d: encoding/json cannot decode %s: %v", seed, raw, err)
		}
		got := bot.DecodeClickFast(raw)
		if got == nil {
			t.Fatalf("seed %d: the connection does not decode %s", seed, raw)
		}
		if !reflect.DeepEqual(got.Interaction, want.Interaction) {
			t.Fatalf("seed %d: decoded %s\nas   %+v\nwant %+v", seed, raw, *got.Interaction, *want.Interaction)
		}
	}
}

// TestFastClickDecodingGivesUpSafely feeds the connection's decoding
// clicks cut short or with a byte changed: it must never panic, and what
// it refuses (wrong types, broken objects) is left to encoding/json.
func TestFastClickDecodingGivesUpSafely(t *testing.T) {
	t.Parallel()
	refused := 0
	for seed := range uint64(3000) {
		rng := rand.New(rand.NewPCG(seed, 8))
		raw := randomClick(t, rng)
		cut := raw[:rng.IntN(len(raw))]
		if bot.DecodeClickFast(cut) != nil {
			t.Fatalf("seed %d: a click cut short was decoded: %s", seed, cut)
		}
		changed := bytes.Clone(raw)
		changed[rng.IntN(len(changed))] = "{}[]\",:0a\\ "[rng.IntN(11)]
		if bot.DecodeClickFast(changed) == nil {
			refused++
		}
	}
	for name, raw := range map[string]string{
		"a number as a string": `{"type":3,"id":7}`,
		"a string as a number": `{"type":3,"version":"1"}`,
		"a fraction":           `{"type":3,"version":1.5}`,
		"a broken member":      `{"type":3,"member":{"user":}}`,
		"a list for an object": `{"type":3,"member":[]}`,
		"a command":            `{"type":2,"data":{"name":"laro"}}`,
		"an unquoted quoted":   `{"type":3,"app_permissions":8}`,
		"a bad time":           `{"type":3,"member":{"joined_at":"yesterday"}}`,
		"a word for a bool":    `{"type":3,"member":{"deaf":yes}}`,
		"a bad owner":          `{"type":3,"authorizing_integration_owners":{"guild":"1"}}`,
	} {
		if got := bot.DecodeClickFast([]byte(raw)); got != nil {
			t.Errorf("%s was decoded: %+v", name, *got.Interaction)
		}
	}
	if refused == 0 {
		t.Error("no changed click was refused")
	}
}

// randomClick writes a random component click as the gateway's data.
func randomClick(t *testing.T, rng *rand.Rand) []byte {
	t.Helper()
	str := func() string { return randomString(rng) }
	id := func() string { return strconv.FormatUint(rng.Uint64()>>1, 10) }
	maybe := func() bool { return rng.IntN(2) == 0 }
	strs := func() []string {
		switch rng.IntN(3) {
		case 0:
			return nil
		case 1:
			return []string{}
		}
		out := make([]string, 1+rng.IntN(3))
		for k := range out {
			out[k] = str()
		}
		return out
	}
	when := func() time.Time { return time.Unix(rng.Int64N(2e9), rng.Int64N(1e9)).UTC() }
	user := func() *discordgo.User {
		if rng.IntN(4) == 0 {
			return nil
		}
		return &discordgo.User{ID: id(), Email: str(), Username: str(), Avatar: str(), Locale: str(),
			Discriminator: str(), GlobalName: str(), Token: str(), Verified: maybe(), MFAEnabled: maybe(),
			Banner: str(), AccentColor: rng.IntN(1 << 24), Bot: maybe(), PublicFlags: discordgo.UserFlags(rng.IntN(1 << 20)),
			PremiumType: discordgo.UserPremiumType(rng.IntN(4)), System: maybe(), Flags: rng.IntN(1<<20) - 5}
	}
	owners := func() map[discordgo.ApplicationIntegrationType]string {
		if maybe() {
			return nil
		}
		return map[discordgo.ApplicationIntegrationType]string{discordgo.ApplicationIntegrationType(rng.IntN(2)): id()}
	}
	var metadata func(depth int) *discordgo.MessageInteractionMetadata
	metadata = func(depth int) *discordgo.MessageInteractionMetadata {
		if depth > 1 || rng.IntN(3) == 0 {
			return nil
		}
		return &discordgo.MessageInteractionMetadata{ID: id(), Type: discordgo.InteractionType(rng.IntN(6)), User: user(),
			AuthorizingIntegrationOwners: owners(), OriginalResponseMessageID: id(), InteractedMessageID: id(),
			TriggeringInteractionMetadata: metadata(depth + 1)}
	}
	i := &discordgo.Interaction{ID: id(), AppID: id(), Type: discordgo.InteractionMessageComponent,
		GuildID: id(), ChannelID: id(), AppPermissions: rng.Int64(), User: user(),
		Locale: discordgo.Locale(str()), Context: discordgo.InteractionContextType(rng.IntN(3)),
		AuthorizingIntegrationOwners: owners(), Token: str(), Version: rng.IntN(3)}
	data := discordgo.MessageComponentInteractionData{CustomID: str(), ComponentType: discordgo.ComponentType(rng.IntN(9)), Values: strs()}
	if rng.IntN(4) == 0 {
		data.Resolved.Users = map[string]*discordgo.User{id(): user()}
	}
	if rng.IntN(4) == 0 {
		data.Resolved.Roles = map[string]*discordgo.Role{id(): {ID: id(), Name: str()}}
	}
	if rng.IntN(4) == 0 {
		data.Resolved.Channels = map[string]*discordgo.Channel{id(): {ID: id(), Name: str()}}
	}
	i.Data = data
	if maybe() {
		l := discordgo.Locale(str())
		i.GuildLocale = &l
	}
	if maybe() {
		i.Member = &discordgo.Member{GuildID: id(), JoinedAt: when(), Nick: str(), Deaf: maybe(), Mute: maybe(),
			Avatar: str(), Banner: str(), User: user(), Roles: strs(), Flags: discordgo.MemberFlags(rng.IntN(64)),
			Pending: maybe(), Permissions: rng.Int64()}
		if maybe() {
			at := when()
			i.Member.PremiumSince, i.Member.CommunicationDisabledUntil = &at, &at
		}
	}
	switch rng.IntN(3) {
	case 0:
		i.Entitlements = []*discordgo.Entitlement{{ID: id(), SKUID: id()}}
	case 1:
		i.Entitlements = []*discordgo.Entitlement{}
	}
	msg := json.RawMessage("null")
	if rng.IntN(5) != 0 {
		m := &discordgo.Message{ID: id(), ChannelID: id(), GuildID: id(), Author: user(), Content: str(),
			WebhookID: id(), Flags: discordgo.MessageFlags(rng.IntN(1 << 16)), InteractionMetadata: metadata(0)}
		var err error
		if msg, err = json.Marshal(m); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := json.Marshal(struct {
		*discordgo.Interaction
		Message json.RawMessage `json:"message"`
		// What real Discord adds, which the bot does not read.
		Guild   json.RawMessage `json:"guild,omitempty"`
		Channel json.RawMessage `json:"channel,omitempty"`
	}{Interaction: i, Message: msg})
	if err != nil {
		t.Fatal(err)
	}
	if maybe() {
		raw = bytes.Replace(raw, []byte(`{`), []byte(`{"guild":{"id":"1","features":["A","B\"}"]},"channel":{"name":"x{[","nsfw":false,"n":-1.5e3},`), 1)
	}
	if rng.IntN(4) == 0 {
		var b bytes.Buffer
		if err := json.Indent(&b, raw, " ", "\t"); err != nil {
			t.Fatal(err)
		}
		raw = b.Bytes()
	}
	return raw
}

// randomString is up to 12 runes of letters, digits and what JSON escapes
// or writes as it is.
func randomString(rng *rand.Rand) string {
	pieces := []string{"a", "Z", "7", " ", "\"", "\\", "/", "\n", "\t", "\x01", "é", "ß", "🂡", "<", "&", "\xff", "\u2028"}
	var b []byte
	for range rng.IntN(13) {
		b = append(b, pieces[rng.IntN(len(pieces))]...)
	}
	return string(b)
}
