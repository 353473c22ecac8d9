package pictures

import (
	"container/list"
	"testing"
)

// TestCacheKeepsItsByteBound: many large pictures evict the oldest, so the cache
// never holds more than cacheBytes of PNG data, and the newest is always kept.
func TestCacheKeepsItsByteBound(t *testing.T) {
	saved := pictureCache
	pictureCache = &cache{order: list.New(), byKey: map[[32]byte]*list.Element{}}
	defer func() { pictureCache = saved }()

	const size = 300 << 10
	for i := range 40 {
		cached("test", i, func() PNG { return PNG{Name: "p", Data: make([]byte, size)} })
		c := pictureCache
		if c.bytes > cacheBytes || c.bytes != c.order.Len()*size {
			t.Fatalf("after %d pictures: %d bytes in %d entries, want at most %d and %d each", i+1, c.bytes, c.order.Len(), cacheBytes, size)
		}
	}
	drawn := pictureCache.drawn
	cached("test", 39, func() PNG { t.Fatal("the newest picture was drawn again"); return PNG{} })
	cached("test", 0, func() PNG { return PNG{Name: "p", Data: make([]byte, size)} })
	if pictureCache.drawn != drawn+1 {
		t.Errorf("the oldest picture was still cached: drawn %d, want %d", pictureCache.drawn, drawn+1)
	}
}
