// Package stats is the statistics of paired games between two bots, for
// the match runner (referee/match) and the in-process arena
// (referee/arena) alike: each seed is played twice with the sides swapped,
// and the pair, not the game, is the sample.
//
// A [Pentanomial] counts the pairs by the first player's points
// ([Pentanomial.Add]); [Pentanomial.Elo] gives the Elo difference with its
// 95% confidence interval as fastchess computes it ([EloEstimate]),
// [Pentanomial.LOS] the likelihood of superiority. An [SPRT] (read from
// the -sprt flag by [ParseSPRT]) computes the log-likelihood ratio of the
// pairs as fishtest does ([SPRT.LLR]), and [SPRT.Decide] says whether to
// stop. [ScoreToElo] and [EloToScore] convert between a mean score and the
// logistic Elo difference.
//
// [BradleyTerry] rates the bots of a league together, by maximum
// likelihood over all their games whatever their order, as Elo relative
// to an anchor bot with a 95% interval per bot ([Rating]).
package stats

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Pentanomial counts pairs of games (one seed, sides swapped) by the first
// player's points over the pair, a win 1, a draw ½, a loss 0: index 0 holds
// the pairs lost twice (0 points), 1 a loss and a draw (½), 2 two draws or a
// win and a loss (1), 3 a win and a draw (1½), 4 two wins (2). The zero
// value is an empty tally.
type Pentanomial [5]int

// pairScores are the pentanomial outcomes as a score per game, in [0, 1].
var pairScores = [5]float64{0, 0.25, 0.5, 0.75, 1}

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// Add counts a pair whose two games gave the first player a and b points:
// 1 a win, ½ a draw, 0 a loss.
func (p *Pentanomial) Add(a, b float64) {
	p[int(2*(a+b)+0.5)]++
}

// Pairs returns the number of pairs counted.
func (p Pentanomial) Pairs() int {
	n := 0
	for _, c := range p {
		n += c
	}
	return n
}

// Score returns the first player's mean score per game, in [0, 1]; NaN
// with no pair.
func (p Pentanomial) Score() float64 {
	m, _ := meanVar(pairScores[:], p[:])
	return m
}

// EloEstimate is an Elo difference with its 95% confidence interval.
// A bound the data cannot give is infinite in the fields (Elo ±Inf when
// every pair was won or every pair lost; High +Inf or Low -Inf when the
// interval of the mean score reaches 1 or 0), but never in the text:
// String and Short then give the bound the data do support and say why.
type EloEstimate struct {
	Elo, Low, High float64
	// Margin is half the interval's width, the "±" that fastchess and
	// cutechess print; +Inf when a bound is infinite.
	Margin float64
	// Pairs is the number of pairs the estimate comes from (for the
	// texts that explain a missing bound).
	Pairs int
}

// String returns "+12.3 ± 4.5 (95% CI +7.8 .. +16.8)", or when the data
// bound the difference on one side only, that bound and why: "> +420.1
// (95% lower bound; all 16 pairs won twice, no upper bound from these
// games)".
func (e EloEstimate) String() string {
	switch {
	case math.IsNaN(e.Elo):
		return "n/a (no pair)"
	case math.IsInf(e.Elo, 1):
		return fmt.Sprintf("> %s (95%% lower bound; all %d pairs won twice, no estimate above it from these games)", signed(e.Low), e.Pairs)
	case math.IsInf(e.Elo, -1):
		return fmt.Sprintf("< %s (95%% upper bound; all %d pairs lost twice, no estimate below it from these games)", signed(e.High), e.Pairs)
	case math.IsInf(e.Low, -1) && math.IsInf(e.High, 1):
		return fmt.Sprintf("%s (no 95%% bound on either side from %d pairs: play more games)", signed(e.Elo), e.Pairs)
	case math.IsInf(e.High, 1):
		return fmt.Sprintf("%s, 95%% lower bound %s (no upper bound from %d pairs: the score's interval reaches 100%%)", signed(e.Elo), signed(e.Low), e.Pairs)
	case math.IsInf(e.Low, -1):
		return fmt.Sprintf("%s, 95%% upper bound %s (no lower bound from %d pairs: the score's interval reaches 0%%)", signed(e.Elo), signed(e.High), e.Pairs)
	}
	return fmt.Sprintf("%s ± %s (95%% CI %s .. %s)", signed(e.Elo), unsigned(e.Margin), signed(e.Low), signed(e.High))
}

// Short returns "+12.3 ±4.5", the estimate and its margin, or the one
// bound the data give (95% confidence): "> +420.1", "+380.2 (> +250.3)", "< -310.0".
func (e EloEstimate) Short() string {
	switch {
	case math.IsNaN(e.Elo):
		return "n/a"
	case math.IsInf(e.Elo, 1):
		return "> " + signed(e.Low)
	case math.IsInf(e.Elo, -1):
		return "< " + signed(e.High)
	case math.IsInf(e.Low, -1) && math.IsInf(e.High, 1):
		return signed(e.Elo) + " (unbounded)"
	case math.IsInf(e.High, 1):
		return signed(e.Elo) + " (> " + signed(e.Low) + ")"
	case math.IsInf(e.Low, -1):
		return signed(e.Elo) + " (< " + signed(e.High) + ")"
	}
	return signed(e.Elo) + " ±" + unsigned(e.Margin)
}

// signed formats a finite Elo with its sign; the texts never pass it an
// infinity (String and Short say which bound is missing instead).
func signed(x float64) string {
	if math.Abs(x) < 0.05 {
		x = 0 // no "-0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}

func unsigned(x float64) string { return fmt.Sprintf("%.1f", x) }

// Elo returns the first player's Elo difference and its 95% confidence
// interval from the pairs, as fastchess computes it: the mean score per game
// and its standard error from the variance of the pair scores, each bound
// converted to Elo. When every pair scored the same, the variance says
// nothing and the interval comes from the exact binomial bound on the share
// of such pairs (all pairs won twice: Elo +Inf, Low finite). Pairs, not games, are the samples: the two games of a
// seed are correlated, and treating them as independent (the trinomial
// model) overstates the interval.
func (p Pentanomial) Elo() EloEstimate {
	return eloInterval(pairScores[:], p[:])
}

// LOS returns the likelihood of superiority: the probability, under the
// normal approximation, that the first player's true score per game is
// above ½, Φ((μ − ½)/σ) with σ the standard error of the mean pair score
// (fastchess's LOS). NaN with no pair; 1 or 0 when every pair has the same
// score above or below ½.
func (p Pentanomial) LOS() float64 {
	m, v := meanVar(pairScores[:], p[:])
	if math.IsNaN(m) {
		return m
	}
	d := m - 0.5
	if v == 0 {
		switch {
		case d > 0:
			return 1
		case d < 0:
			return 0
		}
		return 0.5
	}
	se := math.Sqrt(v / float64(p.Pairs()))
	return 0.5 * (1 + math.Erf(d/se/math.Sqrt2))
}

// eloInterval is Elo for samples taking the values vals with counts.
func eloInterval(vals []float64, counts []int) EloEstimate {
	m, v := meanVar(vals, counts)
	n := 0
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		nan := math.NaN()
		return EloEstimate{nan, nan, nan, nan, 0}
	}
	if v == 0 {
		return sameSamplesInterval(m, n)
	}
	se := math.Sqrt(v / float64(n))
	e := EloEstimate{
		Elo:   ScoreToElo(m),
		Low:   ScoreToElo(math.Max(0, m-z95*se)),
		High:  ScoreToElo(math.Min(1, m+z95*se)),
		Pairs: n,
	}
	e.Margin = (e.High - e.Low) / 2
	if math.IsInf(e.Low, 0) || math.IsInf(e.High, 0) {
		e.Margin = math.Inf(1)
	}
	return e
}

// sameSamplesInterval is the interval when all n samples have the value a,
// where the standard error is 0 and says nothing: by the exact binomial
// (Clopper-Pearson) bound, the probability q of a sample worth a is at
// least 0.025^(1/n) with 97.5% confidence, and the other samples are worth
// anything in [0, 1], so the mean score lies in [a·q, 1 − (1 − a)·q].
func sameSamplesInterval(a float64, n int) EloEstimate {
	q := math.Pow(0.025, 1/float64(n))
	e := EloEstimate{
		Elo:   ScoreToElo(a),
		Low:   ScoreToElo(a * q),
		High:  ScoreToElo(1 - (1-a)*q),
		Pairs: n,
	}
	e.Margin = (e.High - e.Low) / 2
	if math.IsInf(e.Low, 0) || math.IsInf(e.High, 0) {
		e.Margin = math.Inf(1)
	}
	return e
}

// ScoreToElo converts a mean score per game in [0, 1] to the logistic Elo
// difference that predicts it: -400·log10(1/s − 1). Special cases are:
// ScoreToElo(1) = +Inf, ScoreToElo(0) = -Inf.
func ScoreToElo(s float64) float64 {
	switch {
	case s >= 1:
		return math.Inf(1)
	case s <= 0:
		return math.Inf(-1)
	}
	return -400 * math.Log10(1/s-1)
}

// EloToScore is the inverse of ScoreToElo: 1 / (1 + 10^(−elo/400)).
func EloToScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

func meanVar(vals []float64, counts []int) (mean, variance float64) {
	n := 0.0
	for i, c := range counts {
		n += float64(c)
		mean += float64(c) * vals[i]
	}
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	mean /= n
	for i, c := range counts {
		d := vals[i] - mean
		variance += float64(c) * d * d
	}
	return mean, variance / n
}

// SPRTModel is the Elo scale the hypotheses of an SPRT are stated in.
type SPRTModel int

const (
	// Logistic Elo: a difference d predicts the score 1/(1+10^(−d/400)).
	Logistic SPRTModel = iota
	// Normalized Elo (fishtest, fastchess): a difference is measured in
	// units of the pair score's standard deviation, so that the same
	// bounds need about the same number of games whatever the draw rate.
	Normalized
)

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1, with false positive rate Alpha and false negative rate
// Beta.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
	Model                   SPRTModel
}

// ParseSPRT reads "elo0,elo1,alpha,beta", the -sprt flag.
func ParseSPRT(s string) (SPRT, error) {
	f := strings.Split(s, ",")
	if len(f) != 4 {
		return SPRT{}, fmt.Errorf("-sprt %q: want elo0,elo1,alpha,beta (e.g. 0,10,0.05,0.05)", s)
	}
	var v [4]float64
	for i, x := range f {
		var err error
		v[i], err = strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || math.IsNaN(v[i]) || math.IsInf(v[i], 0) {
			return SPRT{}, fmt.Errorf("-sprt %q: field %d: %q is not a number", s, i+1, x)
		}
	}
	t := SPRT{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}
	switch {
	case t.Elo0 >= t.Elo1:
		return SPRT{}, fmt.Errorf("-sprt %q: elo0 must be below elo1", s)
	case !(t.Alpha > 0 && t.Alpha < 1 && t.Beta > 0 && t.Beta < 1 && t.Alpha+t.Beta < 1):
		return SPRT{}, fmt.Errorf("-sprt %q: alpha and beta must be in (0, 1) with alpha+beta < 1", s)
	}
	return t, nil
}

// Bounds returns the log-likelihood ratios at which the test stops: lower
// log(β/(1−α)) accepts H0, upper log((1−β)/α) accepts H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the generalized log-likelihood ratio of H1 against H0 for the
// pairs: the pentanomial distribution is fitted by maximum likelihood under
// each hypothesis' mean score, and the log-likelihoods of the pairs compared
// (Van den Bergh's GSPRT, as fishtest computes it). Empty outcomes count as
// 0.001 pairs, as fishtest regularizes them, so that a one-sided start does
// not stop the test at once. With no pair the LLR is 0.
func (t SPRT) LLR(p Pentanomial) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	var n [5]float64
	total := 0.0
	for i, c := range p {
		n[i] = math.Max(float64(c), 1e-3)
		total += n[i]
	}
	var freq [5]float64
	mean := 0.0
	for i := range n {
		freq[i] = n[i] / total
		mean += freq[i] * pairScores[i]
	}
	variance := 0.0
	for i := range n {
		d := pairScores[i] - mean
		variance += freq[i] * d * d
	}
	s0, s1 := t.scores(math.Sqrt(variance))
	l0, l1 := mleLambda(freq, s0), mleLambda(freq, s1)
	llr := 0.0
	for i := range n {
		llr += n[i] * (math.Log1p(l0*(pairScores[i]-s0)) - math.Log1p(l1*(pairScores[i]-s1)))
	}
	return llr
}

// scores returns the mean score per game under H0 and H1; sd is the
// standard deviation of a pair's score.
func (t SPRT) scores(sd float64) (s0, s1 float64) {
	if t.Model == Normalized {
		k := math.Sqrt2 * sd * math.Ln10 / 800
		return 0.5 + t.Elo0*k, 0.5 + t.Elo1*k
	}
	return EloToScore(t.Elo0), EloToScore(t.Elo1)
}

// mleLambda returns λ such that p_i = freq_i / (1 + λ(a_i − s)) is the
// distribution nearest freq (in likelihood) with mean s, where a_i are the
// pair scores: the root of Σ freq_i (a_i − s)/(1 + λ(a_i − s)), which
// decreases in λ over the interval where every 1 + λ(a_i − s) > 0.
func mleLambda(freq [5]float64, s float64) float64 {
	lo, hi := -1/(1-s), 1/s // a ranges over [0, 1]
	f := func(l float64) float64 {
		sum := 0.0
		for i, q := range freq {
			d := pairScores[i] - s
			sum += q * d / (1 + l*d)
		}
		return sum
	}
	w := hi - lo
	lo, hi = lo+1e-12*w, hi-1e-12*w
	for k := 0; k < 200 && hi-lo > 1e-15*w; k++ {
		m := (lo + hi) / 2
		if f(m) > 0 {
			lo = m
		} else {
			hi = m
		}
	}
	return (lo + hi) / 2
}

// SPRTState is where a test stands.
type SPRTState int

const (
	Continue SPRTState = iota
	AcceptH0
	AcceptH1
)

// Decide returns the test's verdict at the given LLR.
func (t SPRT) Decide(llr float64) SPRTState {
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

func (s SPRTState) String() string {
	switch s {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}
