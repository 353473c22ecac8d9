package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// cardbotPackage is built when no -bin is given.
const cardbotPackage = "github.com/cardbot/cardbot/cmd/cardbot"

// buildBot builds the cardbot binary into dir with the go command on PATH.
// It needs to run inside the cardbot module.
func buildBot(ctx context.Context, dir string) (string, error) {
	bin := filepath.Join(dir, "cardbot")
	out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, cardbotPackage).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build %s (run inside the cardbot module, or pass -bin): %v\n%s", cardbotPackage, err, out)
	}
	return bin, nil
}

// tailLines is how many of the bot's last output lines are kept to explain
// a failure.
const tailLines = 20

// botProcess is the running bot.
type botProcess struct {
	cmd  *exec.Cmd
	done chan struct{} // closed when the process has exited
	err  error         // from Wait; read after done

	mu       sync.Mutex
	running  bool // it printed that it is running
	emojis   bool // it printed that its card emojis are ready
	tail     []string
	warnings int
	errs     int
}

// startBot runs bin with exactly env as its environment, in dir. Its output
// is scanned for its state and counted; echo, if not nil, gets every line.
func startBot(bin, dir string, env []string, echo io.Writer) (*botProcess, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin)
	cmd.Dir, cmd.Env = dir, env
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		return nil, fmt.Errorf("starting %s: %w", bin, err)
	}
	w.Close()
	b := &botProcess{cmd: cmd, done: make(chan struct{})}
	scanned := make(chan struct{})
	go func() {
		defer close(scanned)
		defer r.Close()
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			b.line(sc.Text(), echo)
		}
	}()
	go func() {
		b.err = cmd.Wait()
		<-scanned
		close(b.done)
	}()
	return b, nil
}

func (b *botProcess) line(l string, echo io.Writer) {
	if echo != nil {
		fmt.Fprintln(echo, "cardbot: "+l)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.tail = append(b.tail, l)
	if len(b.tail) > tailLines {
		b.tail = b.tail[1:]
	}
	switch {
	case strings.Contains(l, "level=WARN"):
		b.warnings++
	case strings.Contains(l, "level=ERROR"):
		b.errs++
	case strings.Contains(l, "cardbot is running"):
		b.running = true
	case strings.Contains(l, "card emojis ready"):
		b.emojis = true
	}
}

// output returns the last lines the bot printed.
func (b *botProcess) output() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.Join(b.tail, "\n")
}

// counts returns the warnings and errors the bot has logged.
func (b *botProcess) counts() (warnings, errs int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.warnings, b.errs
}

// signal sends sig to the bot, if it is still running.
func (b *botProcess) signal(sig os.Signal) { _ = b.cmd.Process.Signal(sig) }

func (b *botProcess) pid() string { return strconv.Itoa(b.cmd.Process.Pid) }

// waitRunning waits until the bot says it is running.
func (b *botProcess) waitRunning(timeout time.Duration) error {
	switch b.waitFor(func() bool { return b.running }, timeout) {
	case errExited:
		return fmt.Errorf("cardbot exited (%v) before it was running; it printed:\n%s", b.err, b.output())
	case errWaited:
		return fmt.Errorf("cardbot was not running after %v; it printed:\n%s", timeout, b.output())
	}
	return nil
}

var (
	errExited = errors.New("the bot exited")
	errWaited = errors.New("the wait timed out")
)

// waitFor waits until said, read under b.mu, is true; it returns nil,
// errExited if the bot exits first, or errWaited after timeout.
func (b *botProcess) waitFor(said func() bool, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		b.mu.Lock()
		ok := said()
		b.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-b.done:
			return errExited
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return errWaited
		}
	}
}

// stop sends SIGTERM, which lets every table save, and waits up to timeout
// for the bot to exit before killing it.
func (b *botProcess) stop(timeout time.Duration) error {
	select {
	case <-b.done:
		return fmt.Errorf("cardbot had already exited: %v", b.err)
	default:
	}
	if err := b.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		return err
	}
	select {
	case <-b.done:
		return b.err
	case <-time.After(timeout):
		_ = b.cmd.Process.Kill()
		<-b.done
		return errors.New("cardbot did not exit within " + timeout.String() + " of SIGTERM and was killed")
	}
}
