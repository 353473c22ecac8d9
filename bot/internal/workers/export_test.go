package workers

// Started returns how many goroutines Go has started so far.
func Started() int64 { return started.Load() }

// Idle returns how many goroutines wait for work.
func Idle() int { return int(idle.Load()) }
