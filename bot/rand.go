package bot

// Rand is a xorshift64* generator (Vigna, "An experimental exploration of
// Marsaglia's xorshift generators, scrambled", 2016): a value, so that a
// search owns its stream and a fixed seed replays the same numbers. The
// zero value is not usable; use NewRand.
type Rand struct {
	state uint64 // never 0
}

// NewRand returns a generator seeded with seed, any value, 0 included:
// the seed goes through one SplitMix64 step, so nearby seeds give
// unrelated streams.
func NewRand(seed int64) Rand {
	z := uint64(seed) + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	if z == 0 {
		z = 0x9e3779b97f4a7c15
	}
	return Rand{z}
}

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	x := r.state
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	r.state = x
	return x * 0x2545f4914f6cdd1d
}

// Intn returns a number in [0, n) for 0 < n < 2³², by Lemire's
// multiply-shift (its bias, below n/2³², does not matter to a search).
// n ≤ 0 returns 0.
func (r *Rand) Intn(n int) int {
	if n <= 0 {
		return 0
	}
	return int((r.Uint64() >> 32) * uint64(n) >> 32)
}

// Float64 returns a number in [0, 1).
func (r *Rand) Float64() float64 {
	return float64(r.Uint64()>>11) / (1 << 53)
}
