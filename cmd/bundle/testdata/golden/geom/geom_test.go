package geom

import "testing"

func TestAdd(t *testing.T) {
	if got := (Vec{1, 2}).Add(Vec{3, 4}); got != (Vec{4, 6}) {
		t.Errorf("Add = %v", got)
	}
}
