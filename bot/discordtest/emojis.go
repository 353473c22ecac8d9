package discordtest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	_ "image/png" // decodes uploaded PNG emojis to check them
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// Application emojis, as Discord's developer documentation ("Emoji",
// application emoji endpoints) describes them:
//
//   - GET /applications/{application.id}/emojis lists them as an object
//     with an "items" array.
//   - POST /applications/{application.id}/emojis creates one from JSON
//     {name, image}: the image is a data URI (data:image/png;base64,...) of
//     at most 256 KiB; the name 2 to 32 characters of letters, digits and
//     underscores, unique among the application's emojis.
//   - DELETE /applications/{application.id}/emojis/{emoji.id} removes one
//     (204).
//   - An application owns at most 2,000 emojis, usable in every server.
//
// A message component that names a custom emoji (an emoji with an ID) must
// name one the application can use; Discord refuses the message otherwise.

// MaxApplicationEmojis is how many emojis one application may own.
const MaxApplicationEmojis = 2000

// maxEmojiBytes is Discord's limit on an emoji's image.
const maxEmojiBytes = 256 << 10

var emojiName = regexp.MustCompile(`^[A-Za-z0-9_]{2,32}$`)

// appEmojis is the application's emojis, with their own lock: message
// validation consults them while the model lock is held.
type appEmojis struct {
	mu     sync.Mutex
	list   []*discordgo.Emoji
	images map[string][]byte // by emoji ID, the decoded image bytes
	refuse bool
}

// emojis returns the server's emoji store.
func (s *Server) emojis() *appEmojis { return &s.appEmojis }

// RefuseEmojiUploads makes every emoji upload from now on fail (with 403
// Missing Permissions, as for an application that may not add emojis), or
// succeed again when on is false.
func (s *Server) RefuseEmojiUploads(on bool) {
	e := s.emojis()
	e.mu.Lock()
	e.refuse = on
	e.mu.Unlock()
}

// ApplicationEmojis returns copies of the application's emojis, oldest first.
func (s *Server) ApplicationEmojis() []discordgo.Emoji {
	e := s.emojis()
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make([]discordgo.Emoji, len(e.list))
	for i, em := range e.list {
		out[i] = *em
	}
	return out
}

// EmojiImage returns the image bytes an emoji was uploaded with.
func (s *Server) EmojiImage(id string) []byte {
	e := s.emojis()
	e.mu.Lock()
	defer e.mu.Unlock()
	return bytes.Clone(e.images[id])
}

// ownsEmoji reports whether the application has an emoji of this ID.
func (e *appEmojis) ownsEmoji(id string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.ContainsFunc(e.list, func(em *discordgo.Emoji) bool { return em.ID == id })
}

// serveEmojis answers /applications/{app}/emojis[/{id}].
func (s *Server) serveEmojis(rc *reqCtx) (result, *apiError) {
	segs := rc.segs
	if segs[1] != s.appID {
		return result{}, &apiError{status: 403, Message: "Missing Access", Code: 50001}
	}
	e := s.emojis()
	switch {
	case len(segs) == 3 && rc.method == "GET":
		e.mu.Lock()
		defer e.mu.Unlock()
		return jsonResult(mustJSON(map[string]any{"items": e.list})), nil
	case len(segs) == 3 && rc.method == "POST":
		return s.createEmoji(e, rc.body)
	case len(segs) == 4 && rc.method == "GET":
		e.mu.Lock()
		defer e.mu.Unlock()
		for _, em := range e.list {
			if em.ID == segs[3] {
				return jsonResult(mustJSON(em)), nil
			}
		}
		return result{}, errUnknownEmoji()
	case len(segs) == 4 && rc.method == "DELETE":
		e.mu.Lock()
		defer e.mu.Unlock()
		for i, em := range e.list {
			if em.ID == segs[3] {
				e.list = slices.Delete(e.list, i, i+1)
				delete(e.images, em.ID)
				return result{status: 204}, nil
			}
		}
		return result{}, errUnknownEmoji()
	}
	return result{}, errNotFound()
}

func errUnknownEmoji() *apiError {
	return &apiError{status: 404, Message: "Unknown Emoji", Code: 10014}
}

func (s *Server) createEmoji(e *appEmojis, body []byte) (result, *apiError) {
	var req struct {
		Name  string `json:"name"`
		Image string `json:"image"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return result{}, &apiError{status: 400, Message: "400: Bad Request", Code: 50109}
	}
	if !emojiName.MatchString(req.Name) {
		return result{}, formError("name", "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 32 in length and contain only letters, digits and underscores.")
	}
	img, bad := decodeEmojiImage(req.Image)
	if bad != nil {
		return result{}, bad
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.refuse {
		return result{}, errMissingPermissions()
	}
	if slices.ContainsFunc(e.list, func(em *discordgo.Emoji) bool { return em.Name == req.Name }) {
		return result{}, formError("name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "An emoji with this name already exists.")
	}
	if len(e.list) >= MaxApplicationEmojis {
		return result{}, &apiError{status: 400, Message: "Maximum number of emojis reached (2000)", Code: 30008}
	}
	em := &discordgo.Emoji{
		ID: s.mint(s.now()), Name: req.Name, Roles: []string{}, User: s.bot,
		RequireColons: true, Available: true,
	}
	e.list = append(e.list, em)
	if e.images == nil {
		e.images = map[string][]byte{}
	}
	e.images[em.ID] = img
	return jsonResult(mustJSON(em)), nil
}

// decodeEmojiImage checks a data URI the way Discord does: a known image
// type, valid base64, at most 256 KiB, and (for PNG) a picture that decodes.
func decodeEmojiImage(uri string) ([]byte, *apiError) {
	invalid := &apiError{status: 400, Message: "Invalid Form Body", Code: 50035,
		Errors: map[string]any{"image": map[string]any{"_errors": []map[string]string{{"code": "IMAGE_INVALID", "message": "Invalid image data"}}}}}
	kind, data, ok := strings.Cut(uri, ";base64,")
	switch kind {
	case "data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp":
	default:
		return nil, invalid
	}
	if !ok {
		return nil, invalid
	}
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return nil, invalid
	}
	if len(raw) > maxEmojiBytes {
		return nil, formError("image", "BINARY_TYPE_MAX_SIZE", "File cannot be larger than 256.0 kb.")
	}
	if kind == "data:image/png" {
		if _, _, err := image.DecodeConfig(bytes.NewReader(raw)); err != nil {
			return nil, invalid
		}
	}
	return raw, nil
}

// validateButtonEmoji refuses a button whose custom emoji the application
// does not own; an emoji without an ID must be a unicode emoji (a name).
func (s *Server) validateButtonEmoji(p string, b *discordgo.Button) *apiError {
	if b.Emoji == nil {
		return nil
	}
	switch {
	case b.Emoji.ID == "" && b.Emoji.Name == "":
		return formError(p+".emoji", "COMPONENT_INVALID_EMOJI", "Invalid emoji")
	case b.Emoji.ID != "" && !s.emojis().ownsEmoji(b.Emoji.ID):
		return formError(p+".emoji.id", "COMPONENT_INVALID_EMOJI", "Invalid emoji")
	}
	return nil
}

// validateMessage applies validateMessage's limits, then checks that every
// button's emoji is one the application may use.
func (s *Server) validateMessage(m *discordgo.Message) *apiError {
	if err := validateMessage(m); err != nil {
		return err
	}
	var bad *apiError
	walkComponents(m.Components, "components", func(p string, c discordgo.MessageComponent) {
		if bad != nil {
			return
		}
		if b, ok := asButton(c); ok {
			bad = s.validateButtonEmoji(p, b)
		}
	})
	return bad
}
