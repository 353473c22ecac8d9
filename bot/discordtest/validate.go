package discordtest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// apiError is Discord's error body. Status is the HTTP status to send.
type apiError struct {
	status  int
	Message string         `json:"message"`
	Code    int            `json:"code"`
	Errors  map[string]any `json:"errors,omitempty"`
}

func (e *apiError) Error() string {
	return fmt.Sprintf("%d %s (code %d)", e.status, e.Message, e.Code)
}

// Discord's error bodies for the cases the fake reproduces.
func errUnknownMessage() *apiError {
	return &apiError{status: 404, Message: "Unknown Message", Code: 10008}
}
func errUnknownChannel() *apiError {
	return &apiError{status: 404, Message: "Unknown Channel", Code: 10003}
}
func errUnknownInteraction() *apiError {
	return &apiError{status: 404, Message: "Unknown interaction", Code: 10062}
}
func errUnknownWebhook() *apiError {
	return &apiError{status: 404, Message: "Unknown Webhook", Code: 10015}
}
func errInvalidToken() *apiError {
	return &apiError{status: 401, Message: "Invalid Webhook Token", Code: 50027}
}
func errMissingPermissions() *apiError {
	return &apiError{status: 403, Message: "Missing Permissions", Code: 50013}
}
func errAcknowledged() *apiError {
	return &apiError{status: 400, Message: "Interaction has already been acknowledged.", Code: 40060}
}
func errEmptyMessage() *apiError {
	return &apiError{status: 400, Message: "Cannot send an empty message", Code: 50006}
}
func errNotAuthor() *apiError {
	return &apiError{status: 403, Message: "Cannot edit a message authored by another user", Code: 50005}
}
func errNotFound() *apiError {
	return &apiError{status: 404, Message: "404: Not Found", Code: 0}
}

// formError is Discord's 50035 "Invalid Form Body", with the offending
// field's path (dot-separated, e.g. "components.0.components.5.custom_id")
// nested the way Discord nests it.
func formError(path, code, msg string) *apiError {
	leaf := map[string]any{"_errors": []map[string]string{{"code": code, "message": msg}}}
	parts := strings.Split(path, ".")
	for i := len(parts) - 1; i >= 0; i-- {
		leaf = map[string]any{parts[i]: leaf}
	}
	return &apiError{status: 400, Message: "Invalid Form Body", Code: 50035, Errors: leaf}
}

func tooLong(path string, max int) *apiError {
	return formError(path, "BASE_TYPE_MAX_LENGTH", "Must be "+strconv.Itoa(max)+" or fewer in length.")
}

func badLength(path string, min, max int) *apiError {
	return formError(path, "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between %d and %d in length.", min, max))
}

func runes(s string) int { return utf8.RuneCountInString(s) }

// validateMessage applies Discord's limits to a message as it would look
// after a create or edit. Discord checks these server-side, so a bot that
// breaks one gets a 400 in production; the fake makes tests see it too.
func validateMessage(m *discordgo.Message) *apiError {
	v2 := m.Flags&discordgo.MessageFlagsIsComponentsV2 != 0
	if m.Content == "" && len(m.Embeds) == 0 && len(m.Attachments) == 0 && m.Poll == nil &&
		!(v2 && len(m.Components) > 0) {
		return errEmptyMessage()
	}
	if runes(m.Content) > 2000 {
		return tooLong("content", 2000)
	}
	if err := validateEmbeds(m.Embeds); err != nil {
		return err
	}
	if err := validateAttachmentRefs(m); err != nil {
		return err
	}
	if v2 {
		// Components V2 layouts have their own, larger limits that the bot
		// does not use; only custom_id rules are checked for them.
		return validateCustomIDs(m.Components)
	}
	return validateComponents(m.Components)
}

func validateEmbeds(embeds []*discordgo.MessageEmbed) *apiError {
	if len(embeds) > 10 {
		return tooLong("embeds", 10)
	}
	total := 0
	for i, e := range embeds {
		p := "embeds." + strconv.Itoa(i)
		if e == nil {
			continue
		}
		if runes(e.Title) > 256 {
			return tooLong(p+".title", 256)
		}
		if runes(e.Description) > 4096 {
			return tooLong(p+".description", 4096)
		}
		if len(e.Fields) > 25 {
			return tooLong(p+".fields", 25)
		}
		total += runes(e.Title) + runes(e.Description)
		for j, f := range e.Fields {
			fp := p + ".fields." + strconv.Itoa(j)
			if f == nil {
				continue
			}
			if f.Name == "" {
				return formError(fp+".name", "BASE_TYPE_REQUIRED", "This field is required")
			}
			if f.Value == "" {
				return formError(fp+".value", "BASE_TYPE_REQUIRED", "This field is required")
			}
			if runes(f.Name) > 256 {
				return tooLong(fp+".name", 256)
			}
			if runes(f.Value) > 1024 {
				return tooLong(fp+".value", 1024)
			}
			total += runes(f.Name) + runes(f.Value)
		}
		if e.Footer != nil {
			if runes(e.Footer.Text) > 2048 {
				return tooLong(p+".footer.text", 2048)
			}
			total += runes(e.Footer.Text)
		}
		if e.Author != nil {
			if runes(e.Author.Name) > 256 {
				return tooLong(p+".author.name", 256)
			}
			total += runes(e.Author.Name)
		}
	}
	if total > 6000 {
		return formError("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
	}
	return nil
}

func validateComponents(comps []discordgo.MessageComponent) *apiError {
	if len(comps) > 5 {
		return tooLong("components", 5)
	}
	for i, c := range comps {
		p := "components." + strconv.Itoa(i)
		row, ok := asRow(c)
		if !ok {
			return formError(p+".type", "UNION_TYPE_CHOICES", `Value of field "type" must be one of (1,).`)
		}
		if len(row.Components) < 1 || len(row.Components) > 5 {
			return badLength(p+".components", 1, 5)
		}
		for j, inner := range row.Components {
			ip := p + ".components." + strconv.Itoa(j)
			switch x := inner.(type) {
			case *discordgo.Button:
				if err := validateButton(ip, x); err != nil {
					return err
				}
			case discordgo.Button:
				if err := validateButton(ip, &x); err != nil {
					return err
				}
			case *discordgo.SelectMenu:
				if err := validateSelect(ip, x, len(row.Components)); err != nil {
					return err
				}
			case discordgo.SelectMenu:
				if err := validateSelect(ip, &x, len(row.Components)); err != nil {
					return err
				}
			default:
				return formError(ip+".type", "UNION_TYPE_CHOICES", `Value of field "type" must be one of (2, 3, 5, 6, 7, 8).`)
			}
		}
	}
	return validateCustomIDs(comps)
}

func validateButton(p string, b *discordgo.Button) *apiError {
	if runes(b.Label) > 80 {
		return tooLong(p+".label", 80)
	}
	if b.Label == "" && b.Emoji == nil {
		return formError(p, "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or an emoji is required")
	}
	switch b.Style {
	case discordgo.LinkButton:
		if b.URL == "" || b.CustomID != "" {
			return formError(p+".url", "BUTTON_COMPONENT_URL_REQUIRED", "A url is required, and custom_id is not allowed, on a link button")
		}
	case discordgo.PremiumButton:
	default:
		if b.CustomID == "" || b.URL != "" {
			return formError(p+".custom_id", "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED", "A custom id is required, and url is not allowed, on this button style")
		}
	}
	return nil
}

func validateSelect(p string, m *discordgo.SelectMenu, rowLen int) *apiError {
	if rowLen != 1 {
		return formError(p, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
	}
	if m.CustomID == "" {
		return formError(p+".custom_id", "BASE_TYPE_REQUIRED", "This field is required")
	}
	if runes(m.Placeholder) > 150 {
		return tooLong(p+".placeholder", 150)
	}
	minV, maxV := 1, m.MaxValues
	if m.MinValues != nil {
		minV = *m.MinValues
	}
	if maxV == 0 {
		maxV = 1
	}
	if minV < 0 || minV > 25 {
		return formError(p+".min_values", "NUMBER_TYPE_MAX", "min_values must be between 0 and 25")
	}
	if maxV < 1 || maxV > 25 || maxV < minV {
		return formError(p+".max_values", "NUMBER_TYPE_MAX", "max_values must be between 1 and 25 and at least min_values")
	}
	if m.Type() != discordgo.SelectMenuComponent {
		return nil
	}
	if len(m.Options) < 1 || len(m.Options) > 25 {
		return badLength(p+".options", 1, 25)
	}
	if maxV > len(m.Options) {
		return formError(p+".max_values", "SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS", "max_values must not exceed the number of options")
	}
	seen := map[string]bool{}
	for k, o := range m.Options {
		op := p + ".options." + strconv.Itoa(k)
		if o.Label == "" || runes(o.Label) > 100 {
			return badLength(op+".label", 1, 100)
		}
		if o.Value == "" || runes(o.Value) > 100 {
			return badLength(op+".value", 1, 100)
		}
		if runes(o.Description) > 100 {
			return tooLong(op+".description", 100)
		}
		if seen[o.Value] {
			return formError(op+".value", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Select menu option values must be unique")
		}
		seen[o.Value] = true
	}
	return nil
}

// validateCustomIDs checks lengths and uniqueness across the whole message.
func validateCustomIDs(comps []discordgo.MessageComponent) *apiError {
	seen := map[string]bool{}
	var bad *apiError
	walkComponents(comps, "components", func(p string, c discordgo.MessageComponent) {
		id := customID(c)
		if bad != nil || id == "" {
			return
		}
		if runes(id) > 100 {
			bad = badLength(p+".custom_id", 1, 100)
			return
		}
		if seen[id] {
			bad = formError(p+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
			return
		}
		seen[id] = true
	})
	return bad
}
