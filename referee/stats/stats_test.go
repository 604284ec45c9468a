package stats

import (
	"math"
	"strings"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestScoreToElo(t *testing.T) {
	tests := []struct {
		score, elo float64
	}{
		// −400·log10(1/s − 1), the logistic Elo definition: a mean score of
		// 3/4 is 400·log10(3) = 190.85; 1/2 is 0; 1/(1+10^-1) = 0.9090… is
		// +400.
		{0.75, 190.85},
		{0.5, 0},
		{0.25, -190.85},
		{1 / 1.1, 400},
	}
	for _, tc := range tests {
		if got := ScoreToElo(tc.score); !near(got, tc.elo, 0.005) {
			t.Errorf("ScoreToElo(%v) = %v, want %v", tc.score, got, tc.elo)
		}
		if got := EloToScore(tc.elo); !near(got, tc.score, 1e-4) {
			t.Errorf("EloToScore(%v) = %v, want %v", tc.elo, got, tc.score)
		}
	}
	if !math.IsInf(ScoreToElo(1), 1) || !math.IsInf(ScoreToElo(0), -1) {
		t.Errorf("ScoreToElo(1), ScoreToElo(0) = %v, %v; want +Inf, -Inf", ScoreToElo(1), ScoreToElo(0))
	}
}

// TestEloInterval checks the interval against matches that fastchess and
// cutechess printed (their output quoted in public engine logs).
func TestEloInterval(t *testing.T) {
	penta := []struct {
		p               Pentanomial
		elo, margin     float64
		fastchessOutput string
	}{
		{Pentanomial{352, 579, 1264, 743, 464}, 19.83, 6.77, "Elo: 19.83 +/- 6.77 ... Ptnml(0-2): [352, 579, 1264, 743, 464]"},
		{Pentanomial{19, 82, 272, 308, 361}, 162.63, 13.49, "Elo: 162.63 +/- 13.49 ... Ptnml(0-2): [19, 82, 272, 308, 361]"},
		{Pentanomial{34, 49, 128, 62, 27}, -0.58, 21.41, "Elo: -0.58 +/- 21.41 ... Ptnml(0-2): [34, 49, 128, 62, 27]"},
		{Pentanomial{790, 1759, 3256, 1780, 807}, 1.14, 4.04, "Elo: 1.14 +/- 4.04 ... Ptnml(0-2): [790, 1759, 3256, 1780, 807]"},
	}
	for _, tc := range penta {
		e := tc.p.Elo()
		if !near(e.Elo, tc.elo, 0.005) || !near(e.Margin, tc.margin, 0.005) {
			t.Errorf("%v: Elo %.3f ± %.3f, want %.2f ± %.2f (fastchess: %s)", tc.p, e.Elo, e.Margin, tc.elo, tc.margin, tc.fastchessOutput)
		}
		if !(e.Low < e.Elo && e.Elo < e.High) {
			t.Errorf("%v: interval %v .. %v does not hold %v", tc.p, e.Low, e.High, e.Elo)
		}
	}
	// Likelihood of superiority, against fastchess's "LOS: 70.95 %" and
	// "LOS: 47.88 %" for the same matches.
	for _, tc := range []struct {
		p   Pentanomial
		los float64
	}{
		{Pentanomial{790, 1759, 3256, 1780, 807}, 0.7095},
		{Pentanomial{34, 49, 128, 62, 27}, 0.4788},
		{Pentanomial{0, 0, 0, 0, 3}, 1},
		{Pentanomial{0, 0, 2, 0, 0}, 0.5},
	} {
		if got := tc.p.LOS(); !near(got, tc.los, 0.00005) {
			t.Errorf("%v: LOS %.5f, want %.4f", tc.p, got, tc.los)
		}
	}
	// The same estimator over single games (the trinomial model), against
	// cutechess: "Score of ...: 449 - 276 - 275 [0.587] Elo difference:
	// 60.7 +/- 18.5".
	tri := []struct {
		w, l, d     int
		elo, margin float64
	}{
		{449, 276, 275, 60.7, 18.5},
		{382, 320, 298, 21.6, 18.1},
	}
	for _, tc := range tri {
		e := eloInterval([]float64{1, 0.5, 0}, []int{tc.w, tc.d, tc.l})
		if !near(e.Elo, tc.elo, 0.05) || !near(e.Margin, tc.margin, 0.05) {
			t.Errorf("%d-%d-%d: Elo %.2f ± %.2f, want %.1f ± %.1f (cutechess)", tc.w, tc.l, tc.d, e.Elo, e.Margin, tc.elo, tc.margin)
		}
	}
	// Every pair won: +Inf, and the lower bound from the Clopper-Pearson
	// bound for n successes in n trials, (α/2)^(1/n): 16 pairs give a
	// score of at least 0.025^(1/16) = 0.79409, that is +234.48.
	if e := (Pentanomial{0, 0, 0, 0, 16}).Elo(); !math.IsInf(e.Elo, 1) || !math.IsInf(e.High, 1) || !near(e.Low, 234.48, 0.005) {
		t.Errorf("16 pairs won: %v, want +inf with the lower bound +234.48", e)
	}
	if e := (Pentanomial{16, 0, 0, 0, 0}).Elo(); !math.IsInf(e.Low, -1) || !near(e.High, -234.48, 0.005) {
		t.Errorf("16 pairs lost: %v, want -inf with the upper bound -234.48", e)
	}
	// All draws: an estimate of 0, and not ± 0.
	if e := (Pentanomial{0, 0, 9, 0, 0}).Elo(); e.Elo != 0 || !(e.Low < -50 && e.High > 50) {
		t.Errorf("9 drawn pairs: %v, want 0 in a wide interval", e)
	}
	if e := (Pentanomial{}).Elo(); !math.IsNaN(e.Elo) || e.String() != "n/a (no pair)" {
		t.Errorf("no pair: %v, want NaN / n/a", e)
	}
}

func TestSPRTBounds(t *testing.T) {
	// Wald's bounds: log(β/(1−α)) and log((1−β)/α); α = β = 0.05 gives
	// ∓log(19) = ∓2.944, the "(-2.94, 2.94)" that fishtest and fastchess print.
	tests := []struct{ alpha, beta, lower, upper float64 }{
		{0.05, 0.05, -2.9444, 2.9444},
		{0.01, 0.01, -4.5951, 4.5951}, // log(99)
		{0.05, 0.10, -2.2513, 2.8904}, // log(0.1/0.95), log(0.9/0.05)
	}
	for _, tc := range tests {
		lo, hi := SPRT{Elo0: 0, Elo1: 5, Alpha: tc.alpha, Beta: tc.beta}.Bounds()
		if !near(lo, tc.lower, 1e-4) || !near(hi, tc.upper, 1e-4) {
			t.Errorf("α=%v β=%v: bounds %.4f, %.4f; want %.4f, %.4f", tc.alpha, tc.beta, lo, hi, tc.lower, tc.upper)
		}
	}
}

// TestSPRTLLR checks the LLR against fishtest's and fastchess's, whose
// bounds are in normalized Elo: the published tests' pentanomial counts and
// LLR (large samples, where the estimators agree to ±0.01).
func TestSPRTLLR(t *testing.T) {
	tests := []struct {
		src        string
		p          Pentanomial
		elo0, elo1 float64
		llr        float64
	}{
		{"fishtest 6984bbe6473df9d1d24a937b", Pentanomial{103, 3851, 8316, 3728, 98}, 0, 2, -2.03},
		{"fishtest 6983867b473df9d1d24a9148", Pentanomial{291, 10353, 21899, 10175, 306}, 0, 2, -3.08},
		{"fastchess, S130 log", Pentanomial{790, 1759, 3256, 1780, 807}, 0, 5, -0.71},
	}
	for _, tc := range tests {
		s := SPRT{Elo0: tc.elo0, Elo1: tc.elo1, Alpha: 0.05, Beta: 0.05, Model: Normalized}
		if got := s.LLR(tc.p); !near(got, tc.llr, 0.01) {
			t.Errorf("%s: LLR(%v) = %.3f, want %.2f", tc.src, tc.p, got, tc.llr)
		}
	}
	// Symmetry: mirroring the pairs and the hypotheses negates the LLR.
	s := SPRT{Elo0: -10, Elo1: 30, Alpha: 0.05, Beta: 0.05}
	p := Pentanomial{3, 5, 9, 7, 4}
	m := SPRT{Elo0: -30, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if a, b := s.LLR(p), m.LLR(Pentanomial{4, 7, 9, 5, 3}); !near(a, -b, 1e-9) {
		t.Errorf("mirrored LLR %v, want %v", b, -a)
	}
	// Evidence accumulates: more of the same pairs move the LLR away from 0
	// in proportion, and a clearly better side is accepted.
	one := s.LLR(Pentanomial{1, 2, 4, 6, 7})
	ten := s.LLR(Pentanomial{10, 20, 40, 60, 70})
	if !(one > 0 && near(ten, 10*one, 1e-9*math.Abs(ten))) {
		t.Errorf("LLR ×10 pairs = %v, want 10 × %v", ten, one)
	}
	if st := s.Decide(s.LLR(Pentanomial{0, 1, 5, 20, 40})); st != AcceptH1 {
		t.Errorf("a dominant side: %v, want H1 accepted", st)
	}
	if st := s.Decide(s.LLR(Pentanomial{40, 20, 5, 1, 0})); st != AcceptH0 {
		t.Errorf("a dominated side: %v, want H0 accepted", st)
	}
	// One won pair is not enough to decide, but stays finite.
	if l := s.LLR(Pentanomial{0, 0, 0, 0, 1}); math.IsInf(l, 0) || math.IsNaN(l) || s.Decide(l) != Continue {
		t.Errorf("one won pair: LLR %v (%v), want a finite LLR and continue", l, s.Decide(l))
	}
	if l := s.LLR(Pentanomial{}); l != 0 {
		t.Errorf("no pair: LLR %v, want 0", l)
	}
}

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT("0, 10,0.05,0.1")
	if err != nil || s != (SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.1}) {
		t.Errorf("ParseSPRT: %+v, %v", s, err)
	}
	for _, bad := range []string{"", "0,10,0.05", "10,0,0.05,0.05", "0,10,0,0.05", "0,10,0.6,0.6", "0,x,0.05,0.05", "0,10,NaN,0.05"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q): no error", bad)
		}
	}
}

// TestPentanomialAdd counts pairs by the first player's points, as the
// match runner and the arena add them.
func TestPentanomialAdd(t *testing.T) {
	var p Pentanomial
	for _, pair := range [][2]float64{{0, 0}, {0, 0.5}, {0.5, 0}, {1, 0}, {0.5, 0.5}, {0, 1}, {1, 0.5}, {1, 1}} {
		p.Add(pair[0], pair[1])
	}
	if want := (Pentanomial{1, 2, 3, 1, 1}); p != want {
		t.Errorf("pentanomial %v, want %v", p, want)
	}
}

// TestEloIntervalArenaCase: the arena's former interval, worked by hand, of
// 8 pairs scoring ½ and 1 alternately (mean ¾: +190.85), now computed
// as fastchess does: the standard error √(v/n) of the pair scores, with
// v = 1/16 their variance and n = 8 (the arena divided by n − 1 = 7), and
// z = 1.959964.
func TestEloIntervalArenaCase(t *testing.T) {
	e := Pentanomial{0, 0, 4, 0, 4}.Elo()
	se := math.Sqrt(1.0 / 16 / 8)
	lo, hi := ScoreToElo(0.75-z95*se), ScoreToElo(0.75+z95*se)
	if !near(e.Elo, 190.85, 0.005) || !near(e.Low, lo, 1e-9) || !near(e.High, hi, 1e-9) {
		t.Errorf("8 pairs of ½ and 1: %v, want +190.85 in [%.2f, %.2f]", e, lo, hi)
	}
}

// TestEloTextsNeverInfinite: an estimate the data bound on one side only
// is printed as that bound with the reason, never as "inf". The bounds are
// the Clopper-Pearson ones worked out in TestEloInterval (16 pairs:
// ±234.48).
func TestEloTextsNeverInfinite(t *testing.T) {
	cases := []struct {
		p           Pentanomial
		long, short string
	}{
		{Pentanomial{0, 0, 0, 0, 16}, "> +234.5 (95% lower bound; all 16 pairs won twice", "> +234.5"},
		{Pentanomial{16, 0, 0, 0, 0}, "< -234.5 (95% upper bound; all 16 pairs lost twice", "< -234.5"},
		// 15 pairs won twice and one won and lost: mean 0.96875, variance
		// 0.0146484 per pair, standard error 0.0303: m+1.96·se = 1.028 is
		// above 1, so only the lower bound is finite.
		{Pentanomial{0, 0, 1, 0, 15}, "95% lower bound", " (> +"},
		{Pentanomial{15, 0, 1, 0, 0}, "95% upper bound", " (< -"},
		// One pair won twice, one lost twice: mean ½ ± 0.69, both bounds
		// clipped.
		{Pentanomial{1, 0, 0, 0, 1}, "no 95% bound on either side from 2 pairs", "(unbounded)"},
		{Pentanomial{1, 2, 3, 4, 5}, "(95% CI ", " ±"},
	}
	for _, c := range cases {
		e := c.p.Elo()
		long, short := e.String(), e.Short()
		for _, s := range []string{long, short} {
			if strings.Contains(strings.ToLower(s), "inf") {
				t.Errorf("%v: %q says inf", c.p, s)
			}
		}
		if !strings.Contains(long, c.long) {
			t.Errorf("%v: String() = %q, want it to contain %q", c.p, long, c.long)
		}
		if !strings.Contains(short, c.short) {
			t.Errorf("%v: Short() = %q, want it to contain %q", c.p, short, c.short)
		}
	}
}
