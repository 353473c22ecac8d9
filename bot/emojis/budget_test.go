package emojis

import (
	"context"
	"errors"
	"testing"
)

func TestEveryCallWaitsForTheGlobalBudget(t *testing.T) {
	srv, dg := connect(t)
	waits := 0
	api := WithBudget(dg, func() error { waits++; return nil })
	s := New(quiet(), testFaces(), nil)
	if err := s.Sync(context.Background(), api, srv.AppID()); err != nil {
		t.Fatal(err)
	}
	calls := 1 + len(srv.ApplicationEmojis()) // the list, then one upload a face
	if waits != calls {
		t.Errorf("%d waits for the global budget, want one for each of the %d calls", waits, calls)
	}

	// A bot that is stopping makes no call at all.
	stopping := errors.New("stopping")
	before := len(srv.ApplicationEmojis())
	api = WithBudget(dg, func() error { return stopping })
	if err := New(quiet(), testFaces(), nil).Sync(context.Background(), api, srv.AppID()); !errors.Is(err, stopping) {
		t.Errorf("sync while stopping: %v, want the budget's error", err)
	}
	if after := len(srv.ApplicationEmojis()); after != before {
		t.Errorf("%d emojis uploaded while stopping", after-before)
	}
}
