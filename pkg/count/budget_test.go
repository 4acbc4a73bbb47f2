package count

import (
	"errors"
	"testing"
)

// A budget is nine tenths of -mem-limit (budgetShare), worked by hand: a
// limit of 1,000 bytes leaves 900 for the states. Taking exactly what is
// left succeeds; one byte more is refused with what it would have held,
// and nothing is reserved by the refusal.
func TestBudgetTakesExactlyNineTenths(t *testing.T) {
	b := newBudget(1000)
	if b.limit != 900 || b.left() != 900 {
		t.Fatalf("newBudget(1000): limit %d, left %d; want 900 and 900", b.limit, b.left())
	}
	if err := b.take(900); err != nil {
		t.Fatalf("take(900) of 900: %v", err)
	}
	err := b.take(1)
	var ob *overBudget
	if !errors.As(err, &ob) || ob.need != 901 {
		t.Fatalf("take(1) past the limit: %v; want an *overBudget needing 901", err)
	}
	if b.left() != 0 {
		t.Errorf("left after the refusal: %d; want 0", b.left())
	}
	b.give(900)
	if b.left() != 900 {
		t.Errorf("left after giving back: %d; want 900", b.left())
	}
	if newBudget(0) != nil || newBudget(-1) != nil {
		t.Error("a limit of 0 or less must mean no budget (nil)")
	}
}
