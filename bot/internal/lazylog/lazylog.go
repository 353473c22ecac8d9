// Package lazylog gives a logger attributes that cost nothing until a line
// is logged with them.
//
// slog's Logger.With hands its attributes to the handler at once, and the
// text and JSON handlers format them then, for lines that may never come.
// The bot names every interaction in its log lines this way, on every
// click, and logs almost never: formatting up front was about 1% of a
// click's CPU under load.
package lazylog

import (
	"context"
	"log/slog"
	"slices"
	"time"
)

// With returns log with args (as slog.Logger.With takes them) added to
// every line it logs, formatted only when a line is logged.
func With(log *slog.Logger, args ...any) *slog.Logger {
	if len(args) == 0 {
		return log
	}
	r := slog.NewRecord(time.Time{}, 0, "", 0)
	r.Add(args...)
	attrs := make([]slog.Attr, 0, r.NumAttrs())
	r.Attrs(func(a slog.Attr) bool {
		attrs = append(attrs, a)
		return true
	})
	return slog.New(&handler{next: log.Handler(), attrs: attrs})
}

// handler holds attributes back from next until a record is handled.
type handler struct {
	next  slog.Handler
	attrs []slog.Attr
}

func (h *handler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

func (h *handler) Handle(ctx context.Context, r slog.Record) error {
	return h.next.WithAttrs(h.attrs).Handle(ctx, r)
}

func (h *handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &handler{next: h.next, attrs: append(slices.Clip(h.attrs), attrs...)}
}

func (h *handler) WithGroup(name string) slog.Handler {
	return h.next.WithAttrs(h.attrs).WithGroup(name)
}
