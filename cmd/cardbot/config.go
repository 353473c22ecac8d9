package main

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"strconv"
	"strings"

	"github.com/joho/godotenv"

	"github.com/cardbot/cardbot/bot/restbase"
	"github.com/cardbot/cardbot/bot/shard"
	"github.com/cardbot/cardbot/store"
)

// config is everything the bot reads from its environment.
type config struct {
	Token        string     // DISCORD_TOKEN, required; never logged
	DatabasePath string     // DATABASE_PATH
	DatabaseURL  string     // DATABASE_URL: a postgres:// URL, used instead of DatabasePath
	DevGuildID   string     // DEV_GUILD_ID: register commands to one server only
	LogLevel     slog.Level // LOG_LEVEL
	APIBase      string     // DISCORD_API_BASE: a REST proxy, or the fake Discord in tests
	GlobalBudget int        // DISCORD_GLOBAL_BUDGET: REST calls a second Discord's global limit allows

	// Shard (SHARD_ID of SHARD_COUNT) is the part of Discord's servers this process serves.
	Shard shard.Shard
	// ShardAny (SHARD_COUNT > 1 with SHARD_ID unset): serve the first shard whose lease is
	// free, so that N+1 identical processes serve N shards and keep a spare.
	ShardAny bool
	// MetricsAddr (METRICS_ADDR) is where /metrics, /healthz and /readyz are
	// served ("": not at all).
	MetricsAddr string
	// CardEmojis (CARD_EMOJIS): "off" shows cards as text instead of uploaded emojis.
	CardEmojis bool
}

// defaultDatabasePath is where the database lives when DATABASE_PATH is unset.
const defaultDatabasePath = "./data/cardbot.db"

// errNoToken is the one line a newcomer sees when the token is missing.
var errNoToken = errors.New("DISCORD_TOKEN is not set: put it in .env (copy .env.example) or the environment; " +
	"get it at https://discord.com/developers/applications → your application → Bot → Reset Token")

// loadDotEnv reads .env into the environment without overriding variables
// that are already set (godotenv.Load never overrides). A missing .env is
// fine: production usually sets real environment variables.
func loadDotEnv(path string) error {
	err := godotenv.Load(path)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return fmt.Errorf("reading %s: %w", path, err)
}

// configFrom builds the configuration from a variable lookup (os.LookupEnv
// in production), so tests need not touch the process environment.
func configFrom(lookup func(string) (string, bool)) (config, error) {
	get := func(k string) string {
		v, _ := lookup(k)
		return strings.TrimSpace(v)
	}
	c := config{
		Token:        get("DISCORD_TOKEN"),
		DatabasePath: get("DATABASE_PATH"),
		DevGuildID:   get("DEV_GUILD_ID"),
		APIBase:      get("DISCORD_API_BASE"),
		CardEmojis:   true,
	}
	if c.Token == "" {
		return c, errNoToken
	}
	// People paste the token with the prefix from the docs; discordgo adds it.
	c.Token = strings.TrimPrefix(c.Token, "Bot ")
	if c.DatabasePath == "" {
		c.DatabasePath = defaultDatabasePath
	}
	if c.DatabaseURL = get("DATABASE_URL"); c.DatabaseURL != "" {
		if err := checkDatabaseURL(c.DatabaseURL); err != nil {
			return c, err
		}
	}
	if c.DevGuildID != "" && strings.Trim(c.DevGuildID, "0123456789") != "" {
		return c, fmt.Errorf("DEV_GUILD_ID %q must be a server ID (digits only; right-click the server → Copy Server ID)", c.DevGuildID)
	}
	if c.APIBase != "" {
		if _, err := restbase.Transport(c.APIBase, nil); err != nil {
			return c, err
		}
	}
	switch v := strings.ToLower(get("CARD_EMOJIS")); v {
	case "", "on", "true", "1":
	case "off", "false", "0":
		c.CardEmojis = false
	default:
		return c, fmt.Errorf("CARD_EMOJIS %q must be on or off (off shows cards as text)", v)
	}
	if v := get("DISCORD_GLOBAL_BUDGET"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100000 {
			return c, fmt.Errorf("DISCORD_GLOBAL_BUDGET %q must be a whole number of requests per second, 1 to 100000 "+
				"(Discord's global limit: 50 unless Discord raised it for your bot)", v)
		}
		c.GlobalBudget = n
	}
	if c.MetricsAddr = get("METRICS_ADDR"); c.MetricsAddr != "" {
		if err := checkMetricsAddr(c.MetricsAddr); err != nil {
			return c, err
		}
	}
	var err error
	if c.Shard, err = shardFrom(get); err != nil {
		return c, err
	}
	c.ShardAny = c.Shard.Count > 1 && get("SHARD_ID") == ""
	switch lvl := strings.ToLower(get("LOG_LEVEL")); lvl {
	case "", "info":
		c.LogLevel = slog.LevelInfo
	case "debug":
		c.LogLevel = slog.LevelDebug
	case "warn", "warning":
		c.LogLevel = slog.LevelWarn
	case "error":
		c.LogLevel = slog.LevelError
	default:
		return c, fmt.Errorf("LOG_LEVEL %q must be one of debug, info, warn, error", lvl)
	}
	return c, nil
}

// database is what the bot opens: the PostgreSQL URL when DATABASE_URL is set, else the
// SQLite file.
func (c config) database() string {
	if c.DatabaseURL != "" {
		return c.DatabaseURL
	}
	return c.DatabasePath
}

// checkDatabaseURL refuses a DATABASE_URL that is not a postgres:// URL. The message
// never repeats the value, which holds the database's password.
func checkDatabaseURL(v string) error {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") || !store.IsPostgresURL(v) {
		return errors.New("DATABASE_URL must be a PostgreSQL URL such as postgres://cardbot:PASSWORD@db.example:5432/cardbot " +
			"(leave it unset to use the SQLite file at DATABASE_PATH)")
	}
	return nil
}
