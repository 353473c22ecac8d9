package store

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/jackc/pgx/v5"
)

// pgLeaseFence is how long a new owner waits after taking a PostgreSQL lease before it
// serves. The old owner notices a failed session within leaseCheck + leaseCheckTimeout
// (3 s) of its failure and stops; the server lets the lock go no sooner than the
// failure, so waiting longer than that after taking it means the old owner has stopped.
const pgLeaseFence = 4 * time.Second

// pgLeaseKey is the advisory lock's first key: the application and the schema, so that
// databases sharing a server (or tests sharing one) never share leases. The shard is
// the second key.
const pgLeaseKey = `hashtext('cardbot shard ' || current_schema())`

// pgLease holds shard leases as session advisory locks on one connection of its own,
// apart from the Store's pools: the lease is exactly that session's life.
type pgLease struct {
	cfg  *pgx.ConnConfig
	conn *pgx.Conn // nil until connected, and again after a failure while waiting
}

// sessionPID is the lease session's backend process, as pg_locks shows its locks.
func (p *pgLease) sessionPID() int32 {
	if p.conn == nil {
		return 0
	}
	return int32(p.conn.PgConn().PID())
}

func newPGLease(dsn string) (*pgLease, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: database URL: %w", err)
	}
	cfg.ConnectTimeout = pgConnectTimeout
	// Named after the bot's other sessions, so that an operator (or a test) finds it
	// beside them.
	name := cfg.RuntimeParams["application_name"]
	if name == "" {
		name = "cardbot"
	}
	cfg.RuntimeParams["application_name"] = name + " shard lease"
	// The server's side of a silent network: probe an idle session after 5 s, every 2 s,
	// and drop it after 3 unanswered probes or 10 s of unacknowledged data, so that a host
	// cut off from the network loses its lease in about 11 s instead of the default two
	// hours. (The server ignores these on a Unix socket, where no network can fail.)
	cfg.RuntimeParams["tcp_keepalives_idle"] = "5"
	cfg.RuntimeParams["tcp_keepalives_interval"] = "2"
	cfg.RuntimeParams["tcp_keepalives_count"] = "3"
	cfg.RuntimeParams["tcp_user_timeout"] = "10000"
	// The client's side: the same probes, though the owner's check every second with a
	// 2 s timeout (Lease.watch) notices first.
	d := &net.Dialer{Timeout: pgConnectTimeout, KeepAliveConfig: net.KeepAliveConfig{
		Enable: true, Idle: 5 * time.Second, Interval: 2 * time.Second, Count: 3}}
	cfg.DialFunc = d.DialContext
	return &pgLease{cfg: cfg}, nil
}

func (p *pgLease) tryLock(ctx context.Context, shard int) (bool, error) {
	if p.conn == nil {
		conn, err := pgx.ConnectConfig(ctx, p.cfg)
		if err != nil {
			return false, &oneLineError{fmt.Sprintf("store: lease connection: %v", err), err}
		}
		p.conn = conn
	}
	var ok bool
	if err := p.conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(`+pgLeaseKey+`, $1)`, shard).Scan(&ok); err != nil {
		// Whatever this session held is gone with it, and the next try starts afresh.
		p.close()
		return false, fmt.Errorf("store: take the shard lease: %w", err)
	}
	return ok, nil
}

func (p *pgLease) unlock(ctx context.Context, shard int) error {
	if p.conn == nil {
		return nil
	}
	_, err := p.conn.Exec(ctx, `SELECT pg_advisory_unlock(`+pgLeaseKey+`, $1)`, shard)
	return err
}

// alive runs a query on the session: while it answers, the server holds its locks.
func (p *pgLease) alive(ctx context.Context) error {
	if p.conn == nil {
		return errors.New("store: the lease connection is closed")
	}
	return p.conn.Ping(ctx)
}

func (p *pgLease) close() {
	if p.conn != nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_ = p.conn.Close(ctx)
		cancel()
		p.conn = nil
	}
}
