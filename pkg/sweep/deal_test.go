package sweep

import (
	"context"
	"iter"
	"sync"
	"testing"

	"knightsweep/pkg/plan"
	"knightsweep/pkg/solver"
)

// jobSeq yields n jobs numbered 0..n-1.
func jobSeq(n int) iter.Seq[plan.Job] {
	return func(yield func(plan.Job) bool) {
		for i := range n {
			if !yield(plan.Job{Index: int64(i)}) {
				return
			}
		}
	}
}

// The dealer hands out every job of the schedule once, in its order: to
// one worker in order, to several each once, for counts below, at and
// past whole chunks.
func TestDealerOrder(t *testing.T) {
	for _, n := range []int{0, 1, dealChunk - 1, dealChunk, dealChunk + 1, 5*dealChunk + 7} {
		for _, workers := range []int{1, 3} {
			d := newDealer()
			go d.feed(context.Background(), jobSeq(n))
			seen := make([]int, n)
			var mu sync.Mutex
			var order []int64
			var wg sync.WaitGroup
			for range workers {
				wg.Go(func() {
					clk := new(solver.ThreadClock)
					clk.Lock()
					defer clk.Unlock()
					for {
						j, ok := d.get(clk)
						if !ok {
							return
						}
						mu.Lock()
						seen[j.Index]++
						order = append(order, j.Index)
						mu.Unlock()
					}
				})
			}
			wg.Wait()
			for i, c := range seen {
				if c != 1 {
					t.Fatalf("%d jobs, %d workers: job %d dealt %d times", n, workers, i, c)
				}
			}
			if workers == 1 {
				for i, idx := range order {
					if idx != int64(i) {
						t.Fatalf("%d jobs: job %d dealt %dth", n, idx, i)
					}
				}
			}
		}
	}
}

// A canceled context ends the dealing: the workers' get returns false
// once the chunks already drawn are dealt, though the schedule goes on.
func TestDealerCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	d := newDealer()
	done := make(chan struct{})
	go func() {
		d.feed(ctx, jobSeq(1<<40))
		close(done)
	}()
	var clk solver.ThreadClock
	if _, ok := d.get(&clk); !ok {
		t.Fatal("no first job")
	}
	cancel()
	<-done
	n := 0
	for {
		if _, ok := d.get(&clk); !ok {
			break
		}
		if n++; n > 10*dealChunk {
			t.Fatal("dealing goes on after the cancel")
		}
	}
}
