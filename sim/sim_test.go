package sim

import (
	"math"
	"math/rand"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestReflect(t *testing.T) {
	// The worked example: [50 10] off the line from (50,25) to
	// (200,250). By hand: u = (150,225)/270.42 = (0.5547, 0.8321),
	// v·u = 36.056, 2(v·u)u − v = (40, 60) − (50, 10) = (−10, 50).
	got := Reflect(Vec{50, 10}, Vec{50, 25}, Vec{200, 250})
	if !near(got.X, -10, 1e-9) || !near(got.Y, 50, 1e-9) {
		t.Errorf("Reflect = %v, want about [-10 50]", got)
	}
	// A horizontal wall negates the vertical component exactly.
	if got := Reflect(Vec{3, -4}, Vec{0, 0}, Vec{10, 0}); got != (Vec{3, 4}) {
		t.Errorf("Reflect off the x axis = %v, want [3 4]", got)
	}
}

func TestBounce(t *testing.T) {
	tests := []struct {
		name           string
		pa, pb, va, vb Vec
		ma, mb         float64
		wantJ          float64
		wantVa, wantVb Vec
	}{
		// csb.md §3: two unit-mass pods meeting head-on at ±200 along the
		// normal: f = 400/2 = 200, J = 200 + max(120, 200) = 400, and the
		// speeds are exchanged.
		{"head-on fast", Vec{0, 0}, Vec{800, 0}, Vec{200, 0}, Vec{-200, 0}, 1, 1, 400, Vec{-200, 0}, Vec{200, 0}},
		// Slow: f = 100/2 = 50 < 120, so J = 50 + 120 = 170: the minimum
		// impulse throws them apart faster than they came.
		{"head-on slow", Vec{0, 0}, Vec{800, 0}, Vec{50, 0}, Vec{-50, 0}, 1, 1, 170, Vec{-120, 0}, Vec{120, 0}},
		// Zero relative speed (touching, at rest): f = 0, J = 120.
		{"resting contact", Vec{0, 0}, Vec{0, 800}, Vec{0, 0}, Vec{0, 0}, 1, 1, 120, Vec{0, -120}, Vec{0, 120}},
		// A shielded pod (mass 10) hit by a unit pod at 300: f = 300/1.1,
		// J = 2f; Δva = −J·(1/10), Δvb = +J: the light pod bounces back.
		{"shield", Vec{0, 0}, Vec{800, 0}, Vec{0, 0}, Vec{-300, 0}, 10, 1,
			2 * (300 / 1.1), Vec{-(2 * (300 / 1.1)) * 0.1, 0}, Vec{-300 + 2*(300/1.1), 0}},
		// Separating already (after a push): f < 0, J = f + 120 still pushes.
		{"separating", Vec{0, 0}, Vec{800, 0}, Vec{-10, 0}, Vec{10, 0}, 1, 1, -10 + 120, Vec{-120, 0}, Vec{120, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			va, vb := tt.va, tt.vb
			_, j := Bounce(tt.pa, tt.pb, &va, &vb, tt.ma, tt.mb, 120)
			if !near(j, tt.wantJ, 1e-9) || !near(va.X, tt.wantVa.X, 1e-9) || !near(va.Y, tt.wantVa.Y, 1e-9) ||
				!near(vb.X, tt.wantVb.X, 1e-9) || !near(vb.Y, tt.wantVb.Y, 1e-9) {
				t.Errorf("J = %v, va = %v, vb = %v; want %v, %v, %v", j, va, vb, tt.wantJ, tt.wantVa, tt.wantVb)
			}
		})
	}
}

func TestTimeOfImpact(t *testing.T) {
	tests := []struct {
		name   string
		d, v   Vec
		tmax   float64
		want   float64
		wantOK bool
	}{
		// Centres 1000 apart closing at 400: the 200 gap closes at 0.5.
		{"head-on", Vec{-1000, 0}, Vec{400, 0}, 1, 0.5, true},
		// Same, but the window ends before.
		{"after the window", Vec{-1000, 0}, Vec{400, 0}, 0.4, 0, false},
		// Moving apart: none, whatever the distance.
		{"separating", Vec{-1000, 0}, Vec{-400, 0}, 1, 0, false},
		// No relative motion: none.
		{"zero relative speed", Vec{-1000, 0}, Vec{0, 0}, 1, 0, false},
		// Parallel paths 900 apart: they never come within 800.
		{"parallel", Vec{0, 900}, Vec{0, 0}.Add(Vec{500, 0}), 1, 0, false},
		// Tangent: passing at exactly 800, the discriminant is 0: no impact
		// (the engines' delta ≤ 0 exit).
		{"tangent", Vec{-1000, -800}, Vec{2000, 0}, 1, 0, false},
		// Grazing: passing at 799: an impact at the chord's start,
		// t = (1000 − √(800² − 799²))/2000.
		{"grazing", Vec{-1000, -799}, Vec{2000, 0}, 1, (1000 - math.Sqrt(800*800-799*799)) / 2000, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := TimeOfImpact(tt.d, tt.v, 800, tt.tmax)
			if ok != tt.wantOK || !near(got, tt.want, 1e-12) {
				t.Errorf("TimeOfImpact = %v, %v; want %v, %v", got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestOverlap(t *testing.T) {
	if !Overlap(Vec{800, 0}, 800) {
		t.Error("touching at exactly 800 must overlap (the engines date it now)")
	}
	if !Overlap(Vec{100, 100}, 800) {
		t.Error("already overlapping")
	}
	if Overlap(Vec{800.0000001, 0}, 800) {
		t.Error("800.0000001 apart overlaps")
	}
	// CSB tests √(d·d) ≤ 800: the first double above 800² must give a
	// root above 800, or the squared form would differ from the engine's.
	x := math.Nextafter(640000, 1e9)
	if math.Sqrt(x) <= 800 {
		t.Errorf("√(next double after 640000) = %v ≤ 800: Overlap differs from CSB's test", math.Sqrt(x))
	}
}

func TestWallTimeOfImpact(t *testing.T) {
	// FB's field, a snaffle (radius 150) at x = 15000 moving right at 850:
	// it reaches 16000−150 at (15850−15000)/850 = 1.
	if got, ok := WallTimeOfImpact(15000, 850, 150, 15850); !ok || got != 1 {
		t.Errorf("right wall: %v %v, want 1 true", got, ok)
	}
	if got, ok := WallTimeOfImpact(1000, -425, 150, 15850); !ok || got != 2 {
		t.Errorf("left wall: %v %v, want 2 true", got, ok)
	}
	if _, ok := WallTimeOfImpact(1000, 0, 150, 15850); ok {
		t.Error("no speed: no wall")
	}
	// Already on the wall moving out: t = 0 counts (fb.md: τ = 0 occurs).
	if got, ok := WallTimeOfImpact(15850, 10, 150, 15850); !ok || got != 0 {
		t.Errorf("on the wall: %v %v, want 0 true", got, ok)
	}
	// Beyond the wall moving further out: behind it, none.
	if _, ok := WallTimeOfImpact(15900, 10, 150, 15850); ok {
		t.Error("beyond the wall moving out: no impact")
	}
}

func TestRound(t *testing.T) {
	// Expected values: Java 17's Math.round and the Referee's
	// symmetricRound (Math.round(-2.5) = -2, Math.round(2.5) = 3,
	// Math.round(0.49999999999999994) = 0, printed by java).
	tests := []struct{ in, round, sym float64 }{
		{2.5, 3, 3},
		{-2.5, -2, -3},
		{0.49999999999999994, 0, 0},
		{-0.5, 0, -1},
		{-0.4, 0, 0},
		{1e15 + 0.5, 1e15 + 1, 1e15 + 1},
		{-7.6, -8, -8},
		{7.4, 7, 7},
	}
	for _, tt := range tests {
		if got := Round(tt.in); got != tt.round || (got == 0 && math.Signbit(got)) {
			t.Errorf("Round(%v) = %v, want %v", tt.in, got, tt.round)
		}
		if got := SymRound(tt.in); got != tt.sym || (got == 0 && math.Signbit(got)) {
			t.Errorf("SymRound(%v) = %v, want %v", tt.in, got, tt.sym)
		}
	}
	if got := Trunc(-0.7); got != 0 || math.Signbit(got) {
		t.Errorf("Trunc(-0.7) = %v, want +0 (Java's int has no -0)", got)
	}
	if got := Trunc(-552.5); got != -552 {
		t.Errorf("Trunc(-552.5) = %v, want -552", got)
	}
}

func TestJavaRandom(t *testing.T) {
	// Expected draws printed by Java 17 for new Random(seed) followed by
	// nextInt(13), nextInt(2), nextInt(201), nextInt(199), nextInt(1<<30),
	// nextInt(1000000007), nextLong().
	tests := []struct {
		seed int64
		ints [6]int32
		long int64
	}{
		{0, [6]int32{5, 1, 139, 145, 684421757, 663681053}, -8292973307042192125},
		{42, [6]int32{0, 0, 90, 15, 331484985, 595021505}, -5391787952107853122},
		{1305315731, [6]int32{11, 0, 164, 180, 766634732, 869887797}, 6321444623745544751},
		{-7, [6]int32{6, 1, 124, 80, 559945239, 314447087}, -2732364192705608872},
		{123456789012345, [6]int32{6, 1, 149, 182, 946567142, 802514861}, 1596561836080580602},
	}
	bounds := [6]int32{13, 2, 201, 199, 1 << 30, 1000000007}
	for _, tt := range tests {
		r := NewJavaRandom(tt.seed)
		for k, b := range bounds {
			if got := r.NextInt(b); got != tt.ints[k] {
				t.Errorf("seed %d: draw %d nextInt(%d) = %d, want %d", tt.seed, k, b, got, tt.ints[k])
			}
		}
		if got := r.NextLong(); got != tt.long {
			t.Errorf("seed %d: nextLong = %d, want %d", tt.seed, got, tt.long)
		}
	}
}

func TestCoreAllocs(t *testing.T) {
	va, vb := Vec{1, 2}, Vec{3, 4}
	n := testing.AllocsPerRun(100, func() {
		TimeOfImpact(Vec{-1000, 0}, Vec{400, 0}, 800, 1)
		Bounce(Vec{}, Vec{800, 0}, &va, &vb, 1, 10, 120)
		Round(2.5)
	})
	if n != 0 {
		t.Errorf("core functions allocate %v times", n)
	}
}

// TestSymRoundMatchesMathRound: Go's math.Round, an independent exact
// rounding half away from zero, agrees with SymRound (but for the sign of
// zero, which SymRound never makes negative) on halves, their neighbours
// one unit in the last place away, and random values of the sizes a game
// has.
func TestSymRoundMatchesMathRound(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	check := func(x float64) {
		want := math.Round(x) + 0
		if got := SymRound(x); got != want || (got == 0 && math.Signbit(got)) {
			t.Fatalf("SymRound(%v) = %v, math.Round gives %v", x, got, want)
		}
	}
	for _, x := range []float64{0, math.Copysign(0, -1), 0.5, -0.5, 0.49999999999999994, -0.49999999999999994, 1.5, -1.5, 4503599627370495.5, -4503599627370495.5, 1 << 52, -(1 << 52)} {
		check(x)
	}
	for i := 0; i < 1000000; i++ {
		x := float64(rng.Intn(40001)-20000) + 0.5
		check(x)
		check(math.Nextafter(x, math.Inf(1)))
		check(math.Nextafter(x, math.Inf(-1)))
		check((rng.Float64() - 0.5) * math.Pow(10, float64(rng.Intn(8))))
	}
}
