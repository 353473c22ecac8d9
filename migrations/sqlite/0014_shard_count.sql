-- The cluster's SHARD_COUNT, recorded by the first process to start (store.RecordShardCount):
-- a process started with another count would split Discord's servers differently and
-- serve some twice, so it is refused while processes of the recorded count still run.

-- +goose Up
CREATE TABLE shard_count (
    id          INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    shards      INTEGER NOT NULL CHECK (shards >= 1),
    recorded_at INTEGER NOT NULL
) STRICT;

-- +goose Down
DROP TABLE shard_count;
