-- A server's setting for turn notices: how long a player may leave their turn untouched
-- before cardbot pings them in the channel (see /cardbot settings turn_notice).

-- +goose Up
-- Seconds after a turn starts; -1 turns the notices off; NULL means the bot's default.
ALTER TABLE guild_settings ADD COLUMN turn_notice_s INTEGER CHECK (turn_notice_s >= -1);

-- +goose Down
ALTER TABLE guild_settings DROP COLUMN turn_notice_s;
