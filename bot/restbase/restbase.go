// Package restbase sends discordgo's REST traffic to another base URL.
//
// discordgo builds every REST URL from the fixed https://discord.com/api/v9/
// prefix, but it sends every request through Session.Client. Wrapping that
// client's transport is therefore enough to aim the whole bot — and with it
// the gateway lookup, which is a REST call too — at a REST proxy in production
// or at the fake Discord in tests, without touching any package global. That
// keeps tests that run several sessions side by side independent.
package restbase

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// apiPrefix is the path discordgo puts before every REST route.
const apiPrefix = "/api/v"

// Transport rewrites each request's scheme, host and path prefix to base
// before handing it to next (http.DefaultTransport when nil).
//
// base may name just a host ("http://127.0.0.1:8080"), in which case the
// request's path is kept whole, or a host with a path. A base path that
// already contains its own "/api" (for example "http://proxy/api/v9") replaces
// discordgo's "/api/vN" prefix instead of being put in front of it.
func Transport(base string, next http.RoundTripper) (http.RoundTripper, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("restbase: DISCORD_API_BASE %q is not a URL: %w", base, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("restbase: DISCORD_API_BASE %q must look like http://host:port or https://host/path", base)
	}
	if next == nil {
		next = http.DefaultTransport
	}
	return &rewriter{base: u, next: next}, nil
}

// Client returns an http.Client whose requests all go to base.
func Client(base string) (*http.Client, error) {
	t, err := Transport(base, nil)
	if err != nil {
		return nil, err
	}
	return &http.Client{Transport: t}, nil
}

type rewriter struct {
	base *url.URL
	next http.RoundTripper
}

func (r *rewriter) RoundTrip(req *http.Request) (*http.Response, error) {
	// RoundTrippers must not modify the caller's request. Only its URL and
	// Host change, so the copy shares the rest (its headers): a deep Clone
	// was a sixteenth of what the bot allocated under the load generator,
	// which reaches its fake Discord through this (real Discord does not).
	out := req.WithContext(req.Context())
	u := *req.URL
	out.URL = &u
	out.URL.Scheme = r.base.Scheme
	out.URL.Host = r.base.Host
	out.Host = r.base.Host
	out.URL.Path = rewritePath(r.base.Path, req.URL.Path)
	out.URL.RawPath = ""
	return r.next.RoundTrip(out)
}

// rewritePath joins the base path and the request path, dropping the
// request's "/api/vN" prefix when the base already supplies an API path.
func rewritePath(basePath, reqPath string) string {
	basePath = strings.TrimSuffix(basePath, "/")
	if strings.Contains(basePath, "/api") && strings.HasPrefix(reqPath, apiPrefix) {
		rest := strings.TrimPrefix(reqPath, apiPrefix)
		// Skip the version digits: "/api/v9/channels" → "/channels".
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			reqPath = rest[i:]
		} else {
			reqPath = "/"
		}
	}
	return basePath + reqPath
}
