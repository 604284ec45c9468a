package tune

import (
	"math"
	"strings"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }

// TestGains checks fishtest's schedule on a parameter worked out by hand:
// x,10,0,100,2,0.5 over N = 10 iterations, so A = 0.1·10 = 1 and
//
//	c     = C_END·N^0.101 = 2·10^0.101 = 2·1.2618275345906707 = 2.5236550691813413
//	a_end = R_END·C_END² = 0.5·4 = 2
//	a     = a_end·(A+N)^0.602 = 2·11^0.602 = 2·4.2356337140296505 = 8.471267428059301
//	k=1:  c_1 = c/1 = 2.5236550691813413, a_1 = a/2^0.602 = 8.471267428059301/1.517819252974054 = 5.5812096278660865
//	k=2:  c_2 = c/2^0.101 = 2.353021882932492, a_2 = a/3^0.602 = 4.372415214093174
//	k=10: c_10 = c/10^0.101 = C_END = 2, a_10 = a/11^0.602 = a_end = 2
func TestGains(t *testing.T) {
	p, err := ParseParam("x,10,0,100,2,0.5")
	if err != nil {
		t.Fatal(err)
	}
	tu := NewTuner([]Param{p}, 10, 1)
	if tu.A != 1 {
		t.Errorf("A = %v, want 1", tu.A)
	}
	for _, tc := range []struct {
		k      int
		ak, ck float64
	}{
		{1, 5.5812096278660865, 2.5236550691813413},
		{2, 4.372415214093174, 2.353021882932492},
		{10, 2, 2},
	} {
		ak, ck := tu.Gains(0, tc.k)
		if !near(ak, tc.ak) || !near(ck, tc.ck) {
			t.Errorf("k=%d: a_k %v c_k %v, want %v %v", tc.k, ak, ck, tc.ak, tc.ck)
		}
	}
}

// TestUpdate checks theta's step, fishtest's theta += R·c_k·r·flip with
// R = a_k/c_k², on the parameter of TestGains at k = 1: a_1/c_1 =
// 5.5812096278660865/2.5236550691813413 = 2.211558027887146, so
//
//	r = +2, flip +1: 10 + 2.211558027887146·2 = 14.423116055774292
//	r = −1, flip −1: 10 + 2.211558027887146·(−1)·(−1) = 12.211558027887147
//	r = +2, flip −1: 10 − 4.42… = 5.576883944225708
//	r = 0: 10
//
// and a step past a bound is clipped to it (theta 99, r = +2, flip +1:
// 99 + 4.42 > MAX 100).
func TestUpdate(t *testing.T) {
	p, _ := ParseParam("x,10,0,100,2,0.5")
	for _, tc := range []struct {
		theta, r float64
		flip     int
		want     float64
	}{
		{10, 2, 1, 14.423116055774292},
		{10, -1, -1, 12.211558027887147},
		{10, 2, -1, 5.576883944225708},
		{10, 0, 1, 10},
		{99, 2, 1, 100},
		{1, 2, -1, 0},
	} {
		tu := NewTuner([]Param{p}, 10, 1)
		tu.Theta[0] = tc.theta
		it := tu.Perturb(1)
		it.Flip[0] = tc.flip
		tu.Update(&it, tc.r)
		if !near(tu.Theta[0], tc.want) || !near(it.Theta[0], tc.want) || it.Result != tc.r || tu.K != 1 {
			t.Errorf("theta %v, r %v, flip %d: theta %v (journal %v), result %v, K %d; want %v, %v, 1", tc.theta, tc.r, tc.flip, tu.Theta[0], it.Theta[0], it.Result, tu.K, tc.want, tc.r)
		}
	}
}

// TestPerturb: the values played are theta ± c_k·flip, clipped to the
// bounds and rounded for an integer parameter; the float parameter
// keeps its fraction. Iteration k's signs are the same whatever came
// before, and both signs come up.
func TestPerturb(t *testing.T) {
	pi, _ := ParseParam("n,10,0,12,2,0.5") // an integer: START, MIN, MAX whole
	pf, _ := ParseParam("f,0.5,0,1,0.1,0.5")
	if !pi.Integer || pf.Integer {
		t.Fatalf("integer: %v %v, want true false", pi.Integer, pf.Integer)
	}
	tu := NewTuner([]Param{pi, pf}, 10, 7)
	seen := map[int]bool{}
	for k := 1; k <= 10; k++ {
		it := tu.Perturb(k)
		_, ck0 := tu.Gains(0, k)
		_, ck1 := tu.Gains(1, k)
		// n: 10 ± 2.52 at k=1, rounded: 13 clipped to 12, or 7 (7.48 rounded).
		wantPlus0 := math.Round(math.Min(10+ck0*float64(it.Flip[0]), 12))
		wantMinus0 := math.Round(math.Max(10-ck0*float64(it.Flip[0]), 0))
		if it.Plus[0] != wantPlus0 || it.Minus[0] != wantMinus0 {
			t.Errorf("k=%d flip %d: n played %v and %v, want %v and %v", k, it.Flip[0], it.Plus[0], it.Minus[0], wantPlus0, wantMinus0)
		}
		if !near(it.Plus[1], 0.5+ck1*float64(it.Flip[1])) || !near(it.Minus[1], 0.5-ck1*float64(it.Flip[1])) {
			t.Errorf("k=%d: f played %v and %v", k, it.Plus[1], it.Minus[1])
		}
		if again := tu.Perturb(k); again.Flip[0] != it.Flip[0] || again.Flip[1] != it.Flip[1] {
			t.Errorf("k=%d: signs %v then %v", k, it.Flip, again.Flip)
		}
		seen[it.Flip[0]], seen[it.Flip[1]] = true, true
	}
	if !seen[1] || !seen[-1] {
		t.Errorf("signs seen %v, want both", seen)
	}
}

func TestParseParam(t *testing.T) {
	for _, tc := range []struct {
		in, err string
		want    Param
	}{
		{in: "speed,40,0,200,10,0.002", want: Param{Name: "speed", Start: 40, Max: 200, CEnd: 10, REnd: 0.002, Integer: true}},
		{in: " w , 0.5 , 0 , 1 , 0.05 , 0.002", want: Param{Name: "w", Start: 0.5, Max: 1, CEnd: 0.05, REnd: 0.002}},
		{in: "x,1,0,2", err: "want NAME,START,MIN,MAX,C_END,R_END"},
		{in: "x,1,0,2,z,1", err: "field 5 (C_END)"},
		{in: "x,3,0,2,1,1", err: "MIN <= START <= MAX"},
		{in: "x,1,0,2,0,1", err: "C_END > 0"},
		{in: "x,1,0,2,1,-1", err: "R_END >= 0"},
		{in: "{x},1,0,2,1,1", err: "without braces"},
	} {
		got, err := ParseParam(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseParam(%q): %v, want an error with %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseParam(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}

func TestCommand(t *testing.T) {
	params := []Param{{Name: "speed", Integer: true}, {Name: "w"}}
	got, err := Command("csb/ga -w-speed {speed} -x {w} -y {speed}", params, []float64{41.6, 0.123456789})
	if want := "csb/ga -w-speed 42 -x 0.123457 -y 42"; err != nil || got != want {
		t.Errorf("Command = %q, %v; want %q", got, err, want)
	}
	for _, tc := range []struct{ tmpl, err string }{
		{"bot {speed}", "no {w}"},
		{"bot {speed} {w} {z}", "{z} is no parameter"},
		{"bot {speed} {w", "{ without }"},
	} {
		if _, err := Command(tc.tmpl, params, []float64{1, 2}); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Command(%q): %v, want an error with %q", tc.tmpl, err, tc.err)
		}
	}
}
