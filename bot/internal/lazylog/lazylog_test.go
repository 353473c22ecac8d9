package lazylog

import (
	"bytes"
	"io"
	"log/slog"
	"testing"
)

// A logger from With writes the lines slog's own With writes, through the
// text and the JSON handler, with more attributes and groups added after.
func TestLinesAsSlogWithWritesThem(t *testing.T) {
	handlers := map[string]func(io.Writer) slog.Handler{
		"text": func(w io.Writer) slog.Handler {
			return slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug, ReplaceAttr: noTime})
		},
		"json": func(w io.Writer) slog.Handler {
			return slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug, ReplaceAttr: noTime})
		},
	}
	write := func(log *slog.Logger) {
		log.Info("clicked", "custom_id", "v1/laro/k3/12/draw")
		log.With("table", "k3").Warn("slow", "ms", 1200)
		log.WithGroup("rest").With("route", "callback").Error("refused", "code", 10062)
		log.Debug("quiet")
	}
	for name, h := range handlers {
		var want, got bytes.Buffer
		write(slog.New(h(&want)).With("interaction", "123", slog.Int("type", 3)))
		write(With(slog.New(h(&got)), "interaction", "123", slog.Int("type", 3)))
		if got.String() != want.String() {
			t.Errorf("%s handler wrote\n%s\nwant\n%s", name, got.String(), want.String())
		}
		if bytes.Count(got.Bytes(), []byte("interaction")) != 4 {
			t.Errorf("%s handler: not every line names the interaction:\n%s", name, got.String())
		}
	}
}

// Below its handler's level a line is not written, and costs no formatting.
func TestLevelsAreTheHandlers(t *testing.T) {
	var out bytes.Buffer
	log := With(slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelWarn})), "interaction", "1")
	log.Info("not shown")
	if out.Len() != 0 {
		t.Errorf("an info line went to a warn handler: %q", out.String())
	}
	if log.Enabled(t.Context(), slog.LevelInfo) || !log.Enabled(t.Context(), slog.LevelError) {
		t.Error("Enabled is not the handler's")
	}
}

func noTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	return a
}

// BenchmarkWith compares naming an interaction in a logger that logs
// nothing, by slog's With and by this package's.
func BenchmarkWith(b *testing.B) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	b.Run("slog", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			log.With("interaction", "1400000000000000012", "type", "MessageComponent")
		}
	})
	b.Run("lazy", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			With(log, "interaction", "1400000000000000012", "type", "MessageComponent")
		}
	})
}
