package bot

import (
	"testing"
	"time"
)

// forecastWalk is the toy game as a Forecaster: it records what Forecast
// was given and how many rollouts came before.
type forecastWalk struct {
	walk
	calls, rolloutsBefore, plans int
	best                         walkPlan
}

func (f *forecastWalk) Forecast(plans []walkPlan, scores []float64) {
	f.calls++
	f.rolloutsBefore = f.rollouts
	f.plans = len(plans)
	f.best = plans[Best(scores)]
}

// TestEngineForecast: a Forecaster is given the opponent's whole
// population once a turn, after the prediction (its seeding and its
// iterations) and before our first rollout, with the predicted plan its
// best; and a turn still allocates nothing.
func TestEngineForecast(t *testing.T) {
	s := walkSettings
	s.MaxOpponentIterations = 10
	f := &forecastWalk{}
	e := NewEngine[walkPlan, walkNode](f, 0, 1, s)
	b := NewBudget(time.Time{}, 0, 1000)
	e.Turn(true, StrategyGA, &b)
	if f.calls != 1 || f.rolloutsBefore != s.Population+10 || f.plans != s.Population || f.best != *e.Predicted() {
		t.Errorf("Forecast called %d times, after %d rollouts, with %d plans, best %v; want once, after %d, %d plans, best %v",
			f.calls, f.rolloutsBefore, f.plans, f.best, s.Population+10, s.Population, *e.Predicted())
	}
	if n := testing.AllocsPerRun(20, func() {
		b := NewBudget(time.Time{}, 0, 100)
		e.Turn(false, StrategyGA, &b)
	}); n != 0 {
		t.Errorf("a turn of a Forecaster allocates %v times", n)
	}
}
