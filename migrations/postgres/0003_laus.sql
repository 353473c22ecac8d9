-- The PostgreSQL form of sqlite/0003_laus.sql: the same tables, constraints and indexes.

-- Laus match scores: every round's per-seat breakdown, and each finished match's result.

-- +goose Up
CREATE TABLE laus_rounds (
    game_id    TEXT    NOT NULL REFERENCES games (id),
    round      BIGINT NOT NULL CHECK (round >= 1),
    multiplier BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, round)
);

CREATE TABLE laus_round_scores (
    game_id      TEXT    NOT NULL,
    round        BIGINT NOT NULL,
    seat         BIGINT NOT NULL CHECK (seat >= 0),
    guild        TEXT    NOT NULL,
    user_id      TEXT    NOT NULL DEFAULT '',
    computer     BIGINT NOT NULL DEFAULT 0,
    card_points  BIGINT NOT NULL,
    queen_bonus  BIGINT NOT NULL,
    queens_taken BIGINT NOT NULL,
    qd_cancelled BIGINT NOT NULL,
    tricks       BIGINT NOT NULL,
    slam         BIGINT NOT NULL,
    score        BIGINT NOT NULL,
    total        BIGINT NOT NULL,
    PRIMARY KEY (game_id, round, seat),
    FOREIGN KEY (game_id, round) REFERENCES laus_rounds (game_id, round)
);

-- The all-time table aggregates a guild's human players.
CREATE INDEX laus_scores_player ON laus_round_scores (guild, user_id) WHERE computer = 0;

CREATE TABLE laus_results (
    game_id  TEXT    NOT NULL REFERENCES games (id),
    seat     BIGINT NOT NULL,
    guild    TEXT    NOT NULL,
    user_id  TEXT    NOT NULL DEFAULT '',
    computer BIGINT NOT NULL DEFAULT 0,
    total    BIGINT NOT NULL,
    lost     BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX laus_results_player ON laus_results (guild, user_id) WHERE computer = 0;

-- +goose Down
DROP TABLE laus_results;
DROP TABLE laus_round_scores;
DROP TABLE laus_rounds;
