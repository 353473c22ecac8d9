package ui

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestDisplayNamePrefersNicknameThenGlobalThenUsername(t *testing.T) {
	user := func(global, username string) *discordgo.User {
		return &discordgo.User{ID: "1", GlobalName: global, Username: username}
	}
	for _, tc := range []struct {
		name string
		i    *discordgo.Interaction
		want string
	}{
		{"nickname wins", &discordgo.Interaction{Member: &discordgo.Member{Nick: "Annie", User: user("Ann B", "ann")}}, "Annie"},
		{"global name without a nickname", &discordgo.Interaction{Member: &discordgo.Member{User: user("Ann B", "ann")}}, "Ann B"},
		{"username last", &discordgo.Interaction{Member: &discordgo.Member{User: user("", "ann")}}, "ann"},
		{"a DM has no member", &discordgo.Interaction{User: user("Ann B", "ann")}, "Ann B"},
		{"no user at all", &discordgo.Interaction{}, "someone"},
		{"capped", &discordgo.Interaction{Member: &discordgo.Member{Nick: strings.Repeat("é", 40), User: user("", "ann")}},
			strings.Repeat("é", 31) + "…"},
	} {
		if got := DisplayName(tc.i); got != tc.want {
			t.Errorf("%s: DisplayName = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestEscapeNameShowsNamesAsTyped(t *testing.T) {
	for in, want := range map[string]string{
		"ann":             "ann",
		"**big**":         `\*\*big\*\*`,
		"snake_case":      `snake\_case`,
		"||spoiler||":     `\|\|spoiler\|\|`,
		"<@222>":          `\<@222\>`,
		"[x](http://a.b)": `\[x\](http://a.b)`,
		"`code`":          "\\`code\\`",
		`back\slash`:      `back\\slash`,
		"# heading":       `\# heading`,
		"two\nlines":      "two lines",
		"Mary-Jane":       "Mary-Jane",
	} {
		if got := EscapeName(in); got != want {
			t.Errorf("EscapeName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNameOrFallsBackToAMention(t *testing.T) {
	names := map[string]string{"1": "ann_b"}
	if got := NameOr(names, "1"); got != `ann\_b` {
		t.Errorf("NameOr(known) = %q, want the escaped name", got)
	}
	if got := NameOr(names, "2"); got != "<@2>" {
		t.Errorf("NameOr(unknown) = %q, want a mention", got)
	}
}

// TestEscapeNameEscapesEveryMarkdownCharacter checks the quick test for
// names with nothing to escape against the replacer itself: each character
// the replacer escapes is escaped alone and inside a name.
func TestEscapeNameEscapesEveryMarkdownCharacter(t *testing.T) {
	for _, r := range `\*_~` + "`" + `|><[]` {
		c := string(r)
		if want := markdown.Replace("a" + c); EscapeName("a"+c) != want || want == "a"+c {
			t.Errorf("EscapeName(%q) = %q, want %q, escaped", "a"+c, EscapeName("a"+c), want)
		}
	}
	if got := EscapeName("plain name"); got != "plain name" {
		t.Errorf("EscapeName(%q) = %q", "plain name", got)
	}
}
