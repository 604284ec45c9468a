//go:build contest

package fb

// The contest build never logs: Log is empty, Update ignores it, and the
// collision loop's view hooks (view.go in other builds) do nothing.

// Log is the referee's record of a turn's collisions, empty in the
// contest build.
type Log struct{}

type view struct{}

func (t *turn) viewStart(*Log)            {}
func (t *turn) viewEnd()                  {}
func (t *turn) viewAdvanced()             {}
func (t *turn) viewScore(*candidate)      {}
func (t *turn) viewCapture(*candidate)    {}
func (t *turn) viewBounce(*candidate) int { return -1 }
func (t *turn) viewImpulse(int, float64)  {}
func (t *turn) replaced(int8, bool)       {}
func (t *turn) viewSync(int8, *Wizard)    {}
