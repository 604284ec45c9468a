package csb

import (
	"fmt"

	"impulse/sim"
)

// Maps are the 13 official maps, checkpoint 0 first, before rotation and
// jitter (csb.md section 7; the same 13 in the live game).
var Maps = [13][][2]float64{
	{{12460, 1350}, {10540, 5980}, {3580, 5180}, {13580, 7600}},
	{{3600, 5280}, {13840, 5080}, {10680, 2280}, {8700, 7460}, {7200, 2160}},
	{{4560, 2180}, {7350, 4940}, {3320, 7230}, {14580, 7700}, {10560, 5060}, {13100, 2320}},
	{{5010, 5260}, {11480, 6080}, {9100, 1840}},
	{{14660, 1410}, {3450, 7220}, {9420, 7240}, {5970, 4240}},
	{{3640, 4420}, {8000, 7900}, {13300, 5540}, {9560, 1400}},
	{{4100, 7420}, {13500, 2340}, {12940, 7220}, {5640, 2580}},
	{{14520, 7780}, {6320, 4290}, {7800, 860}, {7660, 5970}, {3140, 7540}, {9520, 4380}},
	{{10040, 5970}, {13920, 1940}, {8020, 3260}, {2670, 7020}},
	{{7500, 6940}, {6000, 5360}, {11300, 2820}},
	{{4060, 4660}, {13040, 1900}, {6560, 7840}, {7480, 1360}, {12700, 7100}},
	{{3020, 5190}, {6280, 7760}, {14100, 7760}, {13880, 1220}, {10240, 4920}, {6100, 2200}},
	{{10323, 3366}, {11203, 5425}, {7259, 6656}, {5425, 2838}},
}

// GenerateMap returns the checkpoints the engine draws for seed: a map
// index, a rotation of its list as Java's Collections.rotate, then a jitter
// per checkpoint, x before y. The published referee jitters x by
// nextInt(201)−100 and y by nextInt(199)−100; the live game x by
// nextInt(61)−30 and y by nextInt(59)−30 (the seeds of replays/csb-live).
func GenerateMap(seed int64, rules Rules) []sim.Vec {
	r := sim.NewJavaRandom(seed)
	base := Maps[r.NextInt(int32(len(Maps)))]
	n := len(base)
	k := int(r.NextInt(int32(n)))
	cps := make([]sim.Vec, n)
	for i := range cps {
		p := sim.Vec{X: base[((i-k)%n+n)%n][0], Y: base[((i-k)%n+n)%n][1]}
		var dx, dy int32
		if rules == Published {
			dx = r.NextInt(201) - 100
			dy = r.NextInt(199) - 100
		} else {
			dx = r.NextInt(61) - 30
			dy = r.NextInt(59) - 30
		}
		cps[i] = sim.Vec{X: p.X + float64(dx), Y: p.Y + float64(dy)}
	}
	return cps
}

// Laps returns the number of laps of a race over n checkpoints.
func Laps(n int, rules Rules) int32 {
	if rules == Published {
		return int32(15.0 / float64(n))
	}
	return 3
}

// New returns the start of a race over the given checkpoints (integral
// coordinates, 2 to MaxCheckpoints of them): the pods spawn on the line
// through checkpoint 0 perpendicular to the way to checkpoint 1, 500 apart,
// player 0 inside, each coordinate rounded as Java's Math.round.
func New(checkpoints []sim.Vec, rules Rules) (State, error) {
	var s State
	n := len(checkpoints)
	if n < 2 || n > MaxCheckpoints {
		return s, fmt.Errorf("a map needs 2 to %d checkpoints, not %d", MaxCheckpoints, n)
	}
	copy(s.Checkpoints[:], checkpoints)
	s.NumCheckpoints = int32(n)
	s.Laps = Laps(n, rules)
	s.Rules = rules
	s.PodTimeout = DefaultPodTimeout
	dir := checkpoints[1].Sub(checkpoints[0]).Normalize()
	perp := sim.Vec{X: -1 * dir.Y, Y: 1 * dir.X}
	offsets := [MaxPods]float64{-1, 1, -3, 3}
	for i := range s.Pods {
		p := &s.Pods[i]
		off := perp.Scale(offsets[i] * (PodRadius + 100))
		p.Pos = sim.Vec{X: checkpoints[0].X + off.X, Y: checkpoints[0].Y + off.Y}.Round()
		p.Next = 1 % int32(n)
	}
	return s, nil
}

// NewFromSeed returns the race the engine sets up for seed.
func NewFromSeed(seed int64, rules Rules) State {
	s, err := New(GenerateMap(seed, rules), rules)
	if err != nil {
		panic(err) // unreachable: every official map has 3 to 6 checkpoints
	}
	return s
}
