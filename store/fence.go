package store

import "errors"

// ErrFenced is what a fenced Store answers every write (see Fence).
var ErrFenced = errors.New("store: writes are fenced: this process does not hold its shard's lease now")

// Fence makes the Store refuse every write with ErrFenced until Unfence, including a
// group commit already gathered: its transaction is rolled back instead of committed.
//
// A process calls it the moment it loses its shard's lease (see Lease.Lost): another
// process may take the shard after the lease's fence, and from then on only that one may
// change the shard's games. Fenced, the tables of the process that lost the lease change
// nothing while they stop (their moves fail and are undone, their players told the table
// is saving), and the process rebuilds them from the database once it holds the lease
// again, so that nothing they did in memory outlives the lease.
func (s *Store) Fence() { s.fenced.Store(true) }

// Unfence lets the Store write again, once the process holds its shard's lease anew and
// every table of its last lease has stopped.
func (s *Store) Unfence() { s.fenced.Store(false) }

// refuseFenced returns ErrFenced while the Store is fenced.
func (s *Store) refuseFenced() error {
	if s.fenced.Load() {
		return ErrFenced
	}
	return nil
}
