package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Files reach Discord the way its "Uploading Files" reference describes: a
// multipart/form-data body whose payload_json part holds the JSON a plain
// request would send, and one files[n] part per file. The fake keeps each
// uploaded file's bytes so a test can look at a picture the bot attached.
//
// Create: every file becomes an attachment of the new message. Edit (a
// channel message, an interaction's original or follow-up, an update
// callback): without an "attachments" field the message keeps the files it
// has and new ones are appended; with one, it keeps only the existing
// attachments that field lists by ID (an empty list removes them all), and
// new files are appended. An entry whose id is a file's index n names and
// describes files[n]. An embed image or thumbnail "attachment://name" must
// name a file the message has after the call, or the call fails with 400.

// upload is one files[n] part of a multipart request.
type upload struct {
	index       int
	name        string
	contentType string
	data        []byte
}

// Attachment is a file the bot attached to a message, as the fake keeps it.
type Attachment struct {
	ID          string
	Filename    string
	ContentType string
	Size        int
	Data        []byte
}

// readBody returns the JSON document of a request body: the body itself, or
// the payload_json part of a multipart body together with its files.
func readBody(r *http.Request, body []byte) (doc []byte, files []upload, err error) {
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if !strings.HasPrefix(mt, "multipart/") {
		return body, nil, nil
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return doc, files, nil
		}
		if err != nil {
			return nil, nil, fmt.Errorf("multipart: %w", err)
		}
		name := part.FormName()
		switch {
		case name == "payload_json":
			if doc, err = io.ReadAll(part); err != nil {
				return nil, nil, err
			}
		case part.FileName() != "":
			n, ok := fileIndex(name)
			if !ok {
				return nil, nil, fmt.Errorf("multipart: file part named %q, want files[n]", name)
			}
			data, err := io.ReadAll(part)
			if err != nil {
				return nil, nil, err
			}
			files = append(files, upload{index: n, name: part.FileName(), contentType: part.Header.Get("Content-Type"), data: data})
		}
	}
}

// fileIndex parses a part name "files[n]" (Discord also takes "file" and
// "fileN", which discordgo never sends).
func fileIndex(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, "files[")
	if !ok || !strings.HasSuffix(rest, "]") {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSuffix(rest, "]"))
	return n, err == nil && n >= 0
}

// parseAttachments reads the payload's "attachments" field.
func (p *payload) parseAttachments(raw json.RawMessage) error {
	var keep []*discordgo.MessageAttachment
	if !isNull(raw) {
		if err := json.Unmarshal(raw, &keep); err != nil {
			return fmt.Errorf("attachments: %w", err)
		}
	}
	p.keep = &keep
	return nil
}

// applyFiles writes the payload's attachment changes into m. Callers hold s.mu.
func (p payload) applyFiles(s *Server, m *discordgo.Message) {
	if p.keep != nil {
		kept := m.Attachments[:0:0]
		for _, a := range m.Attachments {
			if slices.ContainsFunc(*p.keep, func(k *discordgo.MessageAttachment) bool { return k != nil && k.ID == a.ID }) {
				kept = append(kept, a)
			}
		}
		m.Attachments = kept
	}
	for _, f := range p.files {
		name := f.name
		if p.keep != nil {
			for _, k := range *p.keep {
				if k != nil && k.ID == strconv.Itoa(f.index) && k.Filename != "" {
					name = k.Filename
				}
			}
		}
		id := s.mint(s.now())
		if s.files == nil {
			s.files = map[string]upload{}
		}
		s.files[id] = f
		m.Attachments = append(m.Attachments, &discordgo.MessageAttachment{
			ID: id, Filename: name, ContentType: f.contentType, Size: len(f.data),
			URL: s.URL() + "/attachments/" + id + "/" + name, ProxyURL: s.URL() + "/attachments/" + id + "/" + name,
		})
	}
}

// checkAttach refuses files in a channel post or edit when the bot lacks
// Attach Files there, as Discord does (interaction responses need no
// channel permission).
func checkAttach(ch *Channel, p payload) *apiError {
	if len(p.files) > 0 && !ch.botCan(discordgo.PermissionAttachFiles) {
		return errMissingPermissions()
	}
	return nil
}

// validateAttachmentRefs refuses an embed that shows "attachment://name"
// when the message has no file of that name.
func validateAttachmentRefs(m *discordgo.Message) *apiError {
	has := func(url string) bool {
		name, ok := strings.CutPrefix(url, "attachment://")
		if !ok {
			return true
		}
		return slices.ContainsFunc(m.Attachments, func(a *discordgo.MessageAttachment) bool { return a.Filename == name })
	}
	for i, e := range m.Embeds {
		if e.Image != nil && !has(e.Image.URL) {
			return formError(fmt.Sprintf("embeds.%d.image.url", i), "ATTACHMENT_NOT_FOUND", "Attachment "+e.Image.URL+" is not attached to the message.")
		}
		if e.Thumbnail != nil && !has(e.Thumbnail.URL) {
			return formError(fmt.Sprintf("embeds.%d.thumbnail.url", i), "ATTACHMENT_NOT_FOUND", "Attachment "+e.Thumbnail.URL+" is not attached to the message.")
		}
	}
	return nil
}

// Attachments returns the files attached to message id, in the message's
// order, with their bytes; nil for an unknown message.
func (s *Server) Attachments(id string) []Attachment {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.messages[id]
	if rec == nil {
		return nil
	}
	out := make([]Attachment, 0, len(rec.m.Attachments))
	for _, a := range rec.m.Attachments {
		f := s.files[a.ID]
		out = append(out, Attachment{
			ID: a.ID, Filename: a.Filename, ContentType: a.ContentType, Size: a.Size, Data: bytes.Clone(f.data),
		})
	}
	return out
}

// Uploads counts the files the bot has uploaded so far, over every message:
// a test can check that an unchanged picture is not sent again.
func (s *Server) Uploads() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.files)
}

// JSON returns the JSON document of the request: its body, or for a
// multipart upload its payload_json part (nil if it has none or is broken),
// so a test can read what a message said without the files' bytes.
func (r Request) JSON() []byte {
	req := &http.Request{Header: http.Header{"Content-Type": {r.ContentType}}}
	doc, _, err := readBody(req, r.Body)
	if err != nil {
		return nil
	}
	return doc
}
