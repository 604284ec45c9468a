package sim

// JavaRandom is java.util.Random: a 48-bit linear congruential generator.
// The official engines draw their maps from it, so the same seed must give
// the same draws. The zero value is not seeded; use NewJavaRandom.
type JavaRandom struct {
	seed int64 // 48 significant bits
}

const (
	javaMultiplier = 0x5DEECE66D
	javaAddend     = 0xB
	javaMask       = 1<<48 - 1
)

// NewJavaRandom returns the generator new java.util.Random(seed) makes: the
// seed is scrambled with the multiplier.
func NewJavaRandom(seed int64) JavaRandom {
	return JavaRandom{(seed ^ javaMultiplier) & javaMask}
}

// next returns the top bits of the next state as a signed int (Random.next).
func (r *JavaRandom) next(bits uint) int32 {
	r.seed = (r.seed*javaMultiplier + javaAddend) & javaMask
	return int32(r.seed >> (48 - bits))
}

// NextInt returns a uniform int in [0, bound), drawn as Random.nextInt(bound)
// draws it: a power-of-two bound takes the top bits of one draw, any other
// bound rejects draws that would bias the modulus. bound must be positive.
func (r *JavaRandom) NextInt(bound int32) int32 {
	x := r.next(31)
	m := bound - 1
	if bound&m == 0 {
		return int32((int64(bound) * int64(x)) >> 31)
	}
	for u := x; ; u = r.next(31) {
		x = u % bound
		if u-x+m >= 0 { // int32 overflow marks a draw in the biased tail
			return x
		}
	}
}

// NextLong returns the next long, as Random.nextLong.
func (r *JavaRandom) NextLong() int64 {
	hi := int64(r.next(32))
	return hi<<32 + int64(r.next(32))
}
