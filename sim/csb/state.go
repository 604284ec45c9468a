package csb

import "impulse/sim"

// Sizes of the fixed arrays.
const (
	MaxPods        = 4 // two pods per player, two players
	MaxCheckpoints = 8 // the largest official map has 6
	MaxLog         = 64
)

// Constants of the official engine (csb.md section 7).
const (
	PodRadius         = 400
	CheckpointRadius  = 600
	MaxThrust         = 200
	BoostThrust       = 650
	MaxRotation       = 0.3141592653589793 // π/10 radians, 18 degrees
	Friction          = 0.15               // speed kept per turn: 1 − Friction
	MinImpulse        = 120
	ShieldMass        = 10
	ShieldLockTurns   = 3 // turns without thrust after a SHIELD turn
	DefaultPodTimeout = 100
	MaxRounds         = 500
	Epsilon           = 0.00001
	Width, Height     = 16000, 9000
)

// Rules selects the rule set (sim.Rules). Live is the game on CodinGame
// today (Mad Pod Racing): BOOST, 3 laps, checkpoint jitter ±30, 75 ms
// turns. Published is the referee CodinGame published (replays/csb): no
// BOOST, laps = 15 / checkpoints, jitter ±100, 150 ms turns.
type Rules = sim.Rules

// The rule sets.
const (
	Live      = sim.Live
	Published = sim.Published
)

// Pod is one racer. Position and speed are integral between turns.
type Pod struct {
	Pos, Vel sim.Vec
	// Angle is the facing in radians, not normalised (the engine adds or
	// subtracts 18 degrees to the previous value). Meaningful when HasAngle;
	// a pod has no angle until its first command aims away from it, and
	// that first rotation is free.
	Angle    float64
	HasAngle bool
	// Shield reports whether the pod's last command was SHIELD: mass 10
	// during that turn's collisions. The engine keeps the flag when no
	// command comes (a player that timed out).
	Shield bool
	// Lock is the number of turns, counting the one being commanded, in
	// which the engine gives no thrust: 4 on a SHIELD turn, then 3, 2, 1.
	// Between turns it is the "engine cooldown" of the community test
	// suites: 3 after a SHIELD turn.
	Lock    int8
	Boosted bool // the pod has used its BOOST (live rules)
	// Passed is the number of checkpoints passed; Next = (Passed+1) mod n
	// is the index of the checkpoint to pass next (checkpoint 0 is the
	// start, so the first target is 1).
	Passed, Next int32
	// LastPass is the round of the latest pass (0 at the start).
	LastPass int32
}

// State is a whole game between turns. It is a value: copy it with
// next := *s. The zero value is not a game; use New or NewFromSeed.
type State struct {
	Pods           [MaxPods]Pod
	Checkpoints    [MaxCheckpoints]sim.Vec
	NumCheckpoints int32
	Laps           int32
	// Round is the number of turns simulated so far.
	Round int32
	// PodTimeout is the number of turns a player may go without any of its
	// pods passing a checkpoint.
	PodTimeout int32
	// Dead reports, per player, elimination: invalid output, a timeout or
	// the checkpoint timeout. Its pods still move and collide.
	Dead  [2]bool
	Rules Rules
	// Collisions counts every collision candidate found so far, as the
	// engine's uniqueId does; Impacts counts the collisions resolved.
	Collisions, Impacts int32
}

// Owner returns the player that owns pod i.
func Owner(i int) int { return i / 2 }

// Finished reports whether some pod has completed the race.
func (s *State) Finished() bool {
	total := s.Laps * s.NumCheckpoints
	for i := range s.Pods {
		if s.Pods[i].Passed >= total {
			return true
		}
	}
	return false
}

// Checkpoint returns the position of checkpoint k.
func (s *State) Checkpoint(k int32) sim.Vec { return s.Checkpoints[k] }

// NextCheckpointShown returns the next checkpoint index the engine shows
// for pod i: under the live rules a pod that finished the race keeps 0.
func (s *State) NextCheckpointShown(i int) int32 {
	p := &s.Pods[i]
	if s.Rules == Live && p.Passed >= s.Laps*s.NumCheckpoints {
		return 0
	}
	return p.Next
}
