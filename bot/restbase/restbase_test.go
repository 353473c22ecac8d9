package restbase

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestRewritePath(t *testing.T) {
	tests := []struct{ base, req, want string }{
		{"", "/api/v9/gateway", "/api/v9/gateway"},
		{"/", "/api/v9/gateway", "/api/v9/gateway"},
		{"/proxy", "/api/v9/channels/1/messages", "/proxy/api/v9/channels/1/messages"},
		{"/api/v9", "/api/v9/channels/1/messages", "/api/v9/channels/1/messages"},
		{"/discord/api/v10/", "/api/v9/gateway", "/discord/api/v10/gateway"},
	}
	for _, tt := range tests {
		if got := rewritePath(tt.base, tt.req); got != tt.want {
			t.Errorf("rewritePath(%q, %q) = %q, want %q", tt.base, tt.req, got, tt.want)
		}
	}
}

func TestClientReachesBase(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, r.URL.Path)
	}))
	defer srv.Close()
	c, err := Client(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest("GET", "https://discord.com/api/v9/gateway", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot x")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if string(body) != "/api/v9/gateway" {
		t.Fatalf("server saw path %q, want /api/v9/gateway", body)
	}
	// A RoundTripper must leave the caller's request as it was.
	if req.URL.String() != "https://discord.com/api/v9/gateway" || req.Host != "discord.com" || len(req.Header) != 1 {
		t.Errorf("the caller's request changed: %s, host %q, headers %v", req.URL, req.Host, req.Header)
	}
}

func TestBadBase(t *testing.T) {
	for _, base := range []string{"", "127.0.0.1:80", "ftp://x", "http://"} {
		if _, err := Client(base); err == nil {
			t.Errorf("Client(%q): got no error, want one", base)
		}
	}
}
