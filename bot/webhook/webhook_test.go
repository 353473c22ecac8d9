package webhook

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestTokenLimitersAreSharedPerTokenAndForgottenWhenIdle(t *testing.T) {
	set := &tokenLimiterSet{m: map[string]*tokenLimiter{}}
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

	a := set.limiter("webhooks/app/token-a", t0)
	if again := set.limiter("webhooks/app/token-a", t0.Add(time.Second)); again != a {
		t.Fatal("a second edit through the same token got another limiter: its bucket state would be lost")
	}
	if b := set.limiter("webhooks/app/token-b", t0.Add(time.Second)); b == a {
		t.Fatal("two tokens share a limiter: one player's edit would wait for another's")
	}

	// Token a is used again later; b goes quiet. Once b has been idle for
	// longer than tokenIdle, a new token's first edit sweeps it, and only it.
	set.limiter("webhooks/app/token-a", t0.Add(tokenIdle))
	set.limiter("webhooks/app/token-c", t0.Add(tokenIdle+2*time.Second))
	if _, ok := set.m["webhooks/app/token-a"]; !ok {
		t.Error("a token in use was forgotten: its bucket state is lost")
	}
	set.limiter("webhooks/app/token-d", t0.Add(3*tokenIdle))
	if _, ok := set.m["webhooks/app/token-b"]; ok {
		t.Error("an idle token's limiter is still kept")
	}
	if len(set.m) != 1 {
		t.Errorf("kept %d limiters, want only the one just used", len(set.m))
	}
}

func TestSuccessBodiesAreDroppedAndErrorBodiesKept(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/gone" {
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"message": "Unknown Message", "code": 10008}`)
			return
		}
		io.WriteString(w, strings.Repeat("x", 20000)) // a whole message, as Discord answers an edit
	}))
	defer srv.Close()
	client := droppingSuccessBodies(srv.Client())

	reused := 0
	get := func(path string) (int, string) {
		t.Helper()
		trace := &httptrace.ClientTrace{GotConn: func(info httptrace.GotConnInfo) {
			if info.Reused {
				reused++
			}
		}}
		req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), "PATCH", srv.URL+path, nil)
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, string(body)
	}
	for range 3 {
		if status, body := get("/ok"); status != 200 || body != "" {
			t.Fatalf("a 200 answer came back as %d with %d bytes of body, want none", status, len(body))
		}
	}
	if status, body := get("/gone"); status != 404 || !strings.Contains(body, "Unknown Message") {
		t.Fatalf("a 404 answer came back as %d %q; its body says why and must stay", status, body)
	}
	if reused != 3 {
		t.Errorf("%d of the 3 calls after the first reused the connection: a dropped body must be read to its end", reused)
	}
}

// TestOwnEmbedsAreCopies: what discordgo writes to the copies (an embed's
// type) leaves the rendering's embeds as they were.
func TestOwnEmbedsAreCopies(t *testing.T) {
	es := []*discordgo.MessageEmbed{{Title: "Table abc123"}, nil}
	own := OwnEmbeds(es)
	if len(own) != 2 || own[0] == es[0] || own[0].Title != "Table abc123" || own[1] != nil {
		t.Fatalf("OwnEmbeds(%v) = %v: want a copy of the first and nil", es, own)
	}
	own[0].Type = "rich"
	if es[0].Type != "" {
		t.Errorf("a write to the copy reached the rendering's embed: type %q", es[0].Type)
	}
	if OwnEmbeds(nil) != nil {
		t.Error("OwnEmbeds(nil) is not nil: an edit would clear the embeds instead of sending null")
	}
}
