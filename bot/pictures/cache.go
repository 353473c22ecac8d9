package pictures

import (
	"container/list"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"sync"
)

// A picture of a state that has not changed is never drawn twice: each
// drawing function looks its input up here first, keyed by a digest of the
// input's content (its JSON), not by any ID, so an equal state from another
// table, or after a restart, finds it too. The cache keeps the most recently
// used pictures, at most cacheSize of them and cacheBytes of PNG data: at a
// thousand busy tables, games end by the hundred a minute, and a cache of
// every recent end scene was a fifth of the bot's memory. A table's message
// keeps its own picture anyway; the cache only spares redrawing it.
const (
	cacheSize  = 256
	cacheBytes = 4 << 20
)

type cache struct {
	mu    sync.Mutex
	order *list.List // of *cacheEntry, most recent first
	byKey map[[32]byte]*list.Element
	bytes int // PNG data held
	drawn int // pictures drawn (cache misses), for tests
}

type cacheEntry struct {
	key [32]byte
	png PNG
}

var pictureCache = &cache{order: list.New(), byKey: map[[32]byte]*list.Element{}}

// cached returns the picture of input drawn by draw, drawing it only if the
// same kind of picture of an equal input is not in the cache.
func cached(kind string, input any, draw func() PNG) PNG {
	b, err := json.Marshal(input)
	if err != nil {
		panic(fmt.Sprintf("pictures: %s input does not encode: %v", kind, err)) // inputs are plain values
	}
	key := sha256.Sum256(append([]byte(kind+"\x00"), b...))
	c := pictureCache
	c.mu.Lock()
	if el, ok := c.byKey[key]; ok {
		c.order.MoveToFront(el)
		p := el.Value.(*cacheEntry).png
		c.mu.Unlock()
		return p
	}
	c.mu.Unlock()
	// Two callers may draw the same picture at once; both get equal bytes.
	p := draw()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.drawn++
	if _, ok := c.byKey[key]; !ok {
		c.byKey[key] = c.order.PushFront(&cacheEntry{key: key, png: p})
		c.bytes += len(p.Data)
		for c.order.Len() > 1 && (c.order.Len() > cacheSize || c.bytes > cacheBytes) {
			last := c.order.Back()
			c.order.Remove(last)
			e := last.Value.(*cacheEntry)
			delete(c.byKey, e.key)
			c.bytes -= len(e.png.Data)
		}
	}
	return p
}

// drawnCount reports how many pictures have been drawn, not found.
func drawnCount() int {
	pictureCache.mu.Lock()
	defer pictureCache.mu.Unlock()
	return pictureCache.drawn
}
