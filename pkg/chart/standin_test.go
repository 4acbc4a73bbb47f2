package chart

import (
	"sync"
	"testing"

	stdfnt "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
)

// TestPlotStandIn checks the stand-in for gonum/plot (third_party/plot, put
// in place by go.mod's replace directive so that the Liberation fonts are
// parsed when first used, not at every start): the default cache finds
// each font the original's finds, and a collection given to AddOnFirstUse
// is added once, on first use, before anything added later. That the
// stand-in is the one linked is cmd/experiment's TestStartupInit's to see:
// the original allocates 184 KB at start-up, past what a library may.
func TestPlotStandIn(t *testing.T) {
	coll := liberation.Collection()
	if len(coll) != 12 {
		t.Fatalf("liberation.Collection() has %d faces, want 12", len(coll))
	}
	t.Run("default cache", func(t *testing.T) {
		for _, f := range coll {
			got := font.DefaultCache.Lookup(f.Font, 10)
			if got.Face != f.Face || got.Font.Size != 10 || !font.DefaultCache.Has(f.Font) {
				t.Errorf("DefaultCache.Lookup(%s) = %s %v, want the collection's face", f.Font.Name(), got.Name(), got.Face != nil)
			}
		}
		def := font.DefaultCache.Lookup(plot.DefaultFont, 12)
		if def.Name() != "LiberationSerif-Regular" {
			t.Errorf("plot.DefaultFont is %s, want LiberationSerif-Regular", def.Name())
		}
		other := font.DefaultCache.Lookup(font.Font{Typeface: "Nowhere", Variant: "Sans", Weight: stdfnt.WeightBold}, 10)
		if other.Face != lookup(t, coll, font.Font{Typeface: "Liberation", Variant: "Sans", Weight: stdfnt.WeightBold}).Face {
			t.Errorf("an unknown typeface falls back to %s, want Liberation's", other.Name())
		}
	})
	t.Run("on first use", func(t *testing.T) {
		c := font.NewCache(nil)
		calls := 0
		c.AddOnFirstUse(func() font.Collection { calls++; return coll })
		if calls != 0 {
			t.Fatalf("AddOnFirstUse parsed the collection at once")
		}
		if !c.Has(plot.DefaultFont) || calls != 1 {
			t.Fatalf("Has: found %v after %d calls, want true after 1", c.Has(plot.DefaultFont), calls)
		}
		c.Lookup(plot.DefaultFont, 10)
		c.Add(nil)
		if calls != 1 {
			t.Errorf("the collection was added %d times, want once", calls)
		}
	})
	t.Run("before a later Add", func(t *testing.T) {
		c := font.NewCache(nil)
		c.AddOnFirstUse(liberation.Collection)
		mine := font.Font{Typeface: "Mine"}
		c.Add(font.Collection{{Font: mine, Face: coll[1].Face}})
		if got := c.Lookup(font.Font{Typeface: "Nowhere", Variant: "Serif"}, 10); got.Face != coll[0].Face {
			t.Errorf("the default typeface is %s's, want the first collection's", got.Name())
		}
		if got := c.Lookup(mine, 10); got.Face != coll[1].Face {
			t.Errorf("Lookup(Mine) = %s, want the face added for it", got.Name())
		}
	})
	t.Run("concurrent first use", func(t *testing.T) {
		c := font.NewCache(nil)
		var mu sync.Mutex
		calls := 0
		c.AddOnFirstUse(func() font.Collection { mu.Lock(); calls++; mu.Unlock(); return coll })
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				if c.Lookup(plot.DefaultFont, 10).Face != coll[0].Face {
					t.Error("a concurrent Lookup missed the deferred collection")
				}
			})
		}
		wg.Wait()
		if calls != 1 {
			t.Errorf("the collection was added %d times, want once", calls)
		}
	})
}

// lookup returns the face of coll whose font is f.
func lookup(t *testing.T, coll font.Collection, f font.Font) font.Face {
	t.Helper()
	for _, c := range coll {
		if c.Font == f {
			return c
		}
	}
	t.Fatalf("no %s in the collection", f.Name())
	return font.Face{}
}
