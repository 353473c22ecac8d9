-- The PostgreSQL form of sqlite/0018_guild_game_settings.sql: the same table, rows and columns.

-- A game's own server defaults (Laro's stake, ante and claim window, the Laus target,
-- and those of any game the bot's registry adds) are rows keyed by the game's kind and
-- the setting's name, instead of a column each in guild_settings: a game brings its
-- settings without a migration. The settings every game shares (turn timer, threads,
-- turn notice) stay columns of guild_settings, which also keeps who changed them last.

-- +goose Up
CREATE TABLE guild_game_settings (
    guild TEXT    NOT NULL REFERENCES guild_settings (guild),
    -- The game's kind, as in games.kind.
    kind  TEXT    NOT NULL CHECK (kind <> ''),
    -- The setting's option in /cardbot settings: 'stake', 'laus_target'.
    name  TEXT    NOT NULL CHECK (name <> ''),
    value BIGINT  NOT NULL,
    PRIMARY KEY (guild, kind, name)
);

INSERT INTO guild_game_settings (guild, kind, name, value)
    SELECT guild, 'laro', 'stake', stake FROM guild_settings WHERE stake IS NOT NULL
    UNION ALL SELECT guild, 'laro', 'ante', ante FROM guild_settings WHERE ante IS NOT NULL
    UNION ALL SELECT guild, 'laro', 'claim_window', claim_window_s FROM guild_settings WHERE claim_window_s IS NOT NULL
    UNION ALL SELECT guild, 'laus', 'laus_target', laus_target FROM guild_settings WHERE laus_target IS NOT NULL;

ALTER TABLE guild_settings DROP COLUMN stake;
ALTER TABLE guild_settings DROP COLUMN ante;
ALTER TABLE guild_settings DROP COLUMN claim_window_s;
ALTER TABLE guild_settings DROP COLUMN laus_target;

-- +goose Down
ALTER TABLE guild_settings ADD COLUMN stake BIGINT;
ALTER TABLE guild_settings ADD COLUMN ante BIGINT;
ALTER TABLE guild_settings ADD COLUMN claim_window_s BIGINT;
ALTER TABLE guild_settings ADD COLUMN laus_target BIGINT;

UPDATE guild_settings SET
    stake = (SELECT value FROM guild_game_settings s
             WHERE s.guild = guild_settings.guild AND s.kind = 'laro' AND s.name = 'stake'),
    ante = (SELECT value FROM guild_game_settings s
            WHERE s.guild = guild_settings.guild AND s.kind = 'laro' AND s.name = 'ante'),
    claim_window_s = (SELECT value FROM guild_game_settings s
                      WHERE s.guild = guild_settings.guild AND s.kind = 'laro' AND s.name = 'claim_window'),
    laus_target = (SELECT value FROM guild_game_settings s
                   WHERE s.guild = guild_settings.guild AND s.kind = 'laus' AND s.name = 'laus_target');

DROP TABLE guild_game_settings;
