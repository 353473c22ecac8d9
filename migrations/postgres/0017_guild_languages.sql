-- The PostgreSQL form of sqlite/0017_guild_languages.sql: the same table and constraints.

-- The language of each server's public messages (store.GuildLanguage): chosen is the
-- /cardbot settings choice ('' follows Discord), discord the server's Discord locale as
-- last seen on an interaction, kept so that tables rebuilt after a restart speak it
-- before anyone clicks.

-- +goose Up
CREATE TABLE guild_languages (
    guild      TEXT NOT NULL PRIMARY KEY,
    chosen     TEXT NOT NULL DEFAULT '',
    discord    TEXT NOT NULL DEFAULT '',
    updated_by TEXT NOT NULL DEFAULT '',
    updated_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE guild_languages;
