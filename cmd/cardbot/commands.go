package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/cardbot/cardbot/store"
)

// usage is what cardbot prints for arguments it does not know.
const usage = `usage: cardbot               run the bot (settings from the environment and .env)
       cardbot backup PATH   write a consistent copy of the database to PATH, even while the bot runs
       cardbot healthcheck   exit 0 if the bot on METRICS_ADDR answers /healthz with 200, else 1
       cardbot migrate --to postgres://…   copy the stopped bot's SQLite database into an empty PostgreSQL one`

// subcommand runs one of cardbot's commands besides the bot itself and
// returns the process's exit status. Each reads the same settings as the
// bot (environment, then .env) but needs only the ones it uses: a backup
// needs no token.
func subcommand(args []string, stdout, stderr io.Writer) int {
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "cardbot %s: %s\n", args[0], fmt.Sprintf(format, a...))
		return code
	}
	if err := loadDotEnv(".env"); err != nil {
		return fail(2, "%v", err)
	}
	switch {
	case args[0] == "backup" && len(args) == 2:
		if v, _ := os.LookupEnv("DATABASE_URL"); strings.TrimSpace(v) != "" {
			// The server's own tool copies a PostgreSQL database; the URL (and its
			// password) is not repeated here.
			return fail(1, "the database is on PostgreSQL (DATABASE_URL): back it up with pg_dump, "+
				"e.g. pg_dump --format=custom --file=%s \"$DATABASE_URL\"", args[1])
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		src := databasePath(os.LookupEnv)
		if err := store.BackupFile(ctx, src, args[1]); err != nil {
			return fail(1, "%v", err)
		}
		fi, err := os.Stat(args[1])
		if err != nil {
			return fail(1, "%v", err)
		}
		fmt.Fprintf(stdout, "backed up %s to %s (%d bytes)\n", src, args[1], fi.Size())
		return 0
	case args[0] == "migrate" && len(args) == 3 && args[1] == "--to":
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		if err := migrateTo(ctx, databasePath(os.LookupEnv), args[2], stdout); err != nil {
			return fail(1, "%v", err)
		}
		return 0
	case args[0] == "healthcheck" && len(args) == 1:
		addr := strings.TrimSpace(os.Getenv("METRICS_ADDR"))
		if addr == "" {
			return fail(1, "METRICS_ADDR is not set: the health check asks the bot's /healthz at that address")
		}
		if err := checkMetricsAddr(addr); err != nil {
			return fail(2, "%v", err)
		}
		if err := healthcheck(addr); err != nil {
			return fail(1, "%v", err)
		}
		return 0
	}
	fmt.Fprintln(stderr, usage)
	return 2
}

// databasePath is DATABASE_PATH, or its default.
func databasePath(lookup func(string) (string, bool)) string {
	if v, _ := lookup("DATABASE_PATH"); strings.TrimSpace(v) != "" {
		return strings.TrimSpace(v)
	}
	return defaultDatabasePath
}

// healthcheck asks /healthz of the bot listening on addr, from the same
// machine: an address that listens on every interface is asked on loopback.
func healthcheck(addr string) error {
	host, port, _ := net.SplitHostPort(addr)
	switch host {
	case "", "0.0.0.0":
		host = "127.0.0.1"
	case "::":
		host = "::1"
	}
	url := "http://" + net.JoinHostPort(host, port) + "/healthz"
	client := &http.Client{Timeout: 5 * time.Second}
	res, err := client.Get(url)
	if err != nil {
		return fmt.Errorf("%s: %v", url, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 512))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %s: %s", url, res.Status, strings.TrimSpace(string(body)))
	}
	return nil
}
