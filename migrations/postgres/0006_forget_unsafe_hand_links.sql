-- The PostgreSQL form of sqlite/0006_forget_unsafe_hand_links.sql: the same tables, constraints and indexes.

-- Builds before this one could keep, as a player's hand link, an interaction
-- whose answer was the public table message (a slow click deferred as an
-- update). Every link stored from now on points at a message only its player
-- sees; the old ones are dropped, which costs players nothing but clicking
-- "My hand" once more after the upgrade.

-- +goose Up
DELETE FROM hand_tokens;

-- +goose Down
SELECT 1;
