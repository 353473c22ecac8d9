-- A game's kind is no longer one of a fixed list: the bot's game registry decides
-- which names are games (a test adds one), and the store keeps any non-empty name.
--
-- SQLite cannot drop a CHECK constraint with ALTER TABLE, and rebuilding games would
-- mean switching foreign keys off, which cannot be done inside the migration's
-- transaction. SQLite documents editing the stored CREATE TABLE text as the way to
-- remove a CHECK constraint (https://sqlite.org/lang_altertable.html, "otheralter"):
-- existing rows satisfy the looser check. The schema is then reloaded, and dropping and
-- recreating an index bumps the schema cookie so that other connections reload it too.

-- +goose Up
PRAGMA writable_schema = ON;
UPDATE sqlite_master SET sql = replace(sql, 'CHECK (kind IN (''laro'', ''laus''))', 'CHECK (kind <> '''')')
    WHERE type = 'table' AND name = 'games';
PRAGMA writable_schema = RESET;
DROP INDEX games_channel;
CREATE INDEX games_channel ON games (guild, channel, kind, created_at);

-- +goose Down
PRAGMA writable_schema = ON;
UPDATE sqlite_master SET sql = replace(sql, 'CHECK (kind <> '''')', 'CHECK (kind IN (''laro'', ''laus''))')
    WHERE type = 'table' AND name = 'games';
PRAGMA writable_schema = RESET;
DROP INDEX games_channel;
CREATE INDEX games_channel ON games (guild, channel, kind, created_at);
