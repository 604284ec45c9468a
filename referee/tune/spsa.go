package tune

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

// The exponents of the gain sequences, fishtest's defaults (and Spall's):
// a_k decays as (A+k)^−Alpha, c_k as k^−Gamma.
const (
	Alpha = 0.602
	Gamma = 0.101
)

// Param is a tuned parameter, as fishtest's SPSA takes it.
type Param struct {
	Name  string  `json:"name"`
	Start float64 `json:"start"`
	// Theta and the values played stay within Min and Max.
	Min float64 `json:"min"`
	Max float64 `json:"max"`
	// CEnd and REnd are c and r at the last iteration (see Tuner).
	CEnd float64 `json:"c_end"`
	REnd float64 `json:"r_end"`
	// Integer reports whether the bot takes a whole number: the values
	// played are rounded (theta itself stays real, so that small steps
	// add up).
	Integer bool `json:"integer"`
}

// ParseParam reads fishtest's parameter line NAME,START,MIN,MAX,C_END,R_END.
// The parameter is an integer when START, MIN and MAX are all whole numbers.
func ParseParam(s string) (Param, error) {
	f := strings.Split(s, ",")
	if len(f) != 6 {
		return Param{}, fmt.Errorf("parameter %q: want NAME,START,MIN,MAX,C_END,R_END", s)
	}
	p := Param{Name: strings.TrimSpace(f[0])}
	if p.Name == "" || strings.ContainsAny(p.Name, "{} \t") {
		return Param{}, fmt.Errorf("parameter %q: want a name without braces or blanks", s)
	}
	var v [5]float64
	for i := range v {
		x, err := strconv.ParseFloat(strings.TrimSpace(f[i+1]), 64)
		if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			return Param{}, fmt.Errorf("parameter %q: field %d (%s) %q is not a number", s, i+2, [...]string{"START", "MIN", "MAX", "C_END", "R_END"}[i], f[i+1])
		}
		v[i] = x
	}
	p.Start, p.Min, p.Max, p.CEnd, p.REnd = v[0], v[1], v[2], v[3], v[4]
	switch {
	case !(p.Min <= p.Start && p.Start <= p.Max):
		return Param{}, fmt.Errorf("parameter %q: want MIN <= START <= MAX", s)
	case p.CEnd <= 0:
		return Param{}, fmt.Errorf("parameter %q: want C_END > 0", s)
	case p.REnd < 0:
		return Param{}, fmt.Errorf("parameter %q: want R_END >= 0", s)
	}
	p.Integer = p.Start == math.Trunc(p.Start) && p.Min == math.Trunc(p.Min) && p.Max == math.Trunc(p.Max)
	return p, nil
}

// String returns p's fishtest line.
func (p *Param) String() string {
	return strings.Join([]string{p.Name, Format(p.Start, false), Format(p.Min, false), Format(p.Max, false), Format(p.CEnd, false), Format(p.REnd, false)}, ",")
}

// clip returns x within p's bounds.
func (p *Param) clip(x float64) float64 { return math.Min(math.Max(x, p.Min), p.Max) }

// value returns the value the bot plays for x: clipped, and rounded for
// an integer parameter.
func (p *Param) value(x float64) float64 {
	x = p.clip(x)
	if p.Integer {
		x = math.Round(x)
	}
	return x
}

// Format writes a value for a command line: a whole number for an
// integer, else six significant digits.
func Format(x float64, integer bool) string {
	if integer {
		return strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}

// Tuner is the state of an SPSA run: the parameters, theta after the
// iterations applied so far, and the schedule. The formulas are
// fishtest's, read in its source (official-stockfish/fishtest:
// server/fishtest/spsa_handler.py, _generate_data and update_spsa_data;
// the run's a and c in parse_spsa_params, where a run is created): with N
// iterations and A = 0.1·N (fishtest takes A as a share of N, spsa_A,
// truncated to an integer; the share is 0.1 here, and the truncation
// changes nothing for N a multiple of 10), for each parameter
//
//	c     = C_END · N^Gamma          so that c_N = C_END
//	a_end = R_END · C_END²
//	a     = a_end · (A+N)^Alpha      so that a_N = a_end
//	c_k   = c / k^Gamma              (k = 1 … N)
//	a_k   = a / (A+k)^Alpha
//
// and iteration k plays theta + c_k·delta against theta − c_k·delta
// (delta_i = ±1, each value clipped to [MIN, MAX]), r being the score
// difference of the two sides over the pair (wins minus losses of the plus
// side: −2 … 2), then
//
//	theta_i ← clip(theta_i + a_k/c_k² · c_k · r · delta_i)
//
// which is fishtest's R·c·result·flip with R = a_k/c_k²; since
// 1/delta_i = delta_i it is the textbook a_k·r/(c_k·delta_i). An
// iteration is one pair of games, fishtest's num_iter = num_games/2. A
// fixed opponent is ours, not fishtest's: each side then plays its own
// pair on the same seed, and r is the difference of their scores, game by
// game.
type Tuner struct {
	Params     []Param
	Iterations int     // N
	A          float64 // the stability constant, 0.1·N
	// Seed draws the sign vectors: iteration k's is the same whatever
	// came before (a resumed run draws what the whole run would have).
	Seed  int64
	Theta []float64 // by Params
	K     int       // iterations applied
}

// NewTuner returns a tuner of params at their start for n iterations.
func NewTuner(params []Param, n int, seed int64) *Tuner {
	t := &Tuner{Params: params, Iterations: n, A: 0.1 * float64(n), Seed: seed}
	for _, p := range params {
		t.Theta = append(t.Theta, p.Start)
	}
	return t
}

// Gains returns a_k and c_k of parameter i at iteration k (1-based).
func (t *Tuner) Gains(i, k int) (ak, ck float64) {
	p := &t.Params[i]
	n := float64(t.Iterations)
	c := p.CEnd * math.Pow(n, Gamma)
	a := p.REnd * p.CEnd * p.CEnd * math.Pow(t.A+n, Alpha)
	return a / math.Pow(t.A+float64(k), Alpha), c / math.Pow(float64(k), Gamma)
}

// Perturb returns iteration k (1-based) drawn around t's theta: the sign
// vector, the gains, and the values of both sides, clipped and rounded as
// the bot takes them. The result and the new theta are Update's.
func (t *Tuner) Perturb(k int) Iteration { return t.PerturbFrom(k, t.Theta) }

// PerturbFrom returns iteration k drawn around theta (by t's Params)
// instead of t's: a run's iteration started from an earlier theta.
func (t *Tuner) PerturbFrom(k int, theta []float64) Iteration {
	r := rand.New(rand.NewPCG(uint64(t.Seed), uint64(k)))
	it := Iteration{K: k}
	for i := range t.Params {
		p := &t.Params[i]
		flip := 1
		if r.IntN(2) == 0 {
			flip = -1
		}
		ak, ck := t.Gains(i, k)
		d := ck * float64(flip)
		it.Flip = append(it.Flip, flip)
		it.AK = append(it.AK, ak)
		it.CK = append(it.CK, ck)
		it.Plus = append(it.Plus, p.value(theta[i]+d))
		it.Minus = append(it.Minus, p.value(theta[i]-d))
	}
	return it
}

// Update applies iteration it with the plus side's score difference r
// (−2 … 2) to theta, which may have moved since it was drawn (iterations
// played at once), and records r and the new theta in it.
func (t *Tuner) Update(it *Iteration, r float64) {
	it.Result = r
	for i := range t.Params {
		p := &t.Params[i]
		R := it.AK[i] / (it.CK[i] * it.CK[i])
		t.Theta[i] = p.clip(t.Theta[i] + R*it.CK[i]*r*float64(it.Flip[i]))
	}
	it.Theta = append([]float64(nil), t.Theta...)
	t.K = it.K
}

// start returns theta before any iteration: the parameters' starts.
func (t *Tuner) start() []float64 {
	v := make([]float64, len(t.Params))
	for i, p := range t.Params {
		v[i] = p.Start
	}
	return v
}

// Values returns theta as the bot takes it: clipped and rounded.
func (t *Tuner) Values() []float64 {
	out := make([]float64, len(t.Theta))
	for i := range t.Theta {
		out[i] = t.Params[i].value(t.Theta[i])
	}
	return out
}

// Iteration is one applied iteration: a JSON line of the journal. The
// slices follow the Tuner's Params.
type Iteration struct {
	K      int       `json:"iter"`
	Seed   int64     `json:"seed"`   // of the pair's games
	Flip   []int     `json:"flip"`   // delta
	AK     []float64 `json:"a_k"`    // a_k
	CK     []float64 `json:"c_k"`    // c_k
	Plus   []float64 `json:"plus"`   // the values of theta + c_k·delta played
	Minus  []float64 `json:"minus"`  // and of theta − c_k·delta
	Scores []float64 `json:"scores"` // the plus side's points less the minus side's, game by game
	Result float64   `json:"result"` // their sum, r
	Theta  []float64 `json:"theta"`  // after the update
}
