//go:build contest && !beam

package bot

// The contest build without the tag beam leaves the beam search out (see
// beam.go): its bundle plays the genetic algorithm or the baseline.

// beamBuilt reports whether this build has the beam search.
const beamBuilt = false

// beam is the beam search's memory, none in this build.
type beam[P, N any] struct{}

// searchBeam is not reached: Config.Check refuses StrategyBeam in this
// build.
func (e *Engine[P, N, G]) searchBeam(pl int, theirs *P, b *Budget) *P {
	panic("bot: no beam search in this build (tag beam)")
}
