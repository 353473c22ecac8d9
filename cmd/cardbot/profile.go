package main

import (
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"syscall"
)

// profileOnSignals lets a load test profile the bot over exactly the
// stretch it measures: with PROFILE set to a path prefix, SIGUSR1 starts a
// CPU profile into PREFIX.cpu and writes the allocations so far to
// PREFIX.heap0; SIGUSR2 stops the CPU profile and writes PREFIX.heap1 (so
// `go tool pprof -sample_index=alloc_space -base PREFIX.heap0 PREFIX.heap1`
// gives what was allocated in between). Without PROFILE it does nothing
// and the signals keep their default meaning. The returned function stops
// a profile still running, so that a run ended by SIGTERM keeps it.
func profileOnSignals(prefix string, log *slog.Logger) (stop func()) {
	if prefix == "" {
		return func() {}
	}
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, syscall.SIGUSR1, syscall.SIGUSR2)
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		var cpu *os.File
		end := func() {
			if cpu == nil {
				return
			}
			pprof.StopCPUProfile()
			cpu.Close()
			cpu = nil
			writeHeap(prefix+".heap1", log)
			log.Info("profile written", "prefix", prefix)
		}
		for {
			select {
			case <-done:
				end()
				return
			case s := <-sig:
				if s == syscall.SIGUSR2 {
					end()
					continue
				}
				if cpu != nil {
					continue
				}
				writeHeap(prefix+".heap0", log)
				f, err := os.Create(prefix + ".cpu")
				if err == nil {
					err = pprof.StartCPUProfile(f)
				}
				if err != nil {
					log.Error("starting the CPU profile", "err", err)
					continue
				}
				cpu = f
			}
		}
	}()
	return func() {
		signal.Stop(sig)
		close(done)
		<-stopped
	}
}

// writeHeap writes the heap profile, with every allocation since start.
func writeHeap(path string, log *slog.Logger) {
	runtime.GC() // the profile counts allocations up to the last collection
	f, err := os.Create(path)
	if err == nil {
		err = pprof.Lookup("allocs").WriteTo(f, 0)
		f.Close()
	}
	if err != nil {
		log.Error("writing the heap profile", "path", path, "err", err)
	}
}
