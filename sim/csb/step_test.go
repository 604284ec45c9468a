package csb

import (
	"math"
	"math/rand"
	"testing"
	"time"

	"impulse/sim"
)

// TestMoveSamePosition: two pods at one position (no game has them) end
// the turn instead of colliding for ever at time 0 (the BUG note).
func TestMoveSamePosition(t *testing.T) {
	s, err := New([]sim.Vec{{X: 1000, Y: 1000}, {X: 9000, Y: 5000}}, Live)
	if err != nil {
		t.Fatal(err)
	}
	s.Pods[0].Pos, s.Pods[1].Pos = sim.Vec{X: 5000, Y: 5000}, sim.Vec{X: 5000, Y: 5000}
	s.Pods[0].Vel = sim.Vec{X: 100, Y: 0}
	done := make(chan State, 1)
	go func() {
		s.Move(nil)
		done <- s
	}()
	select {
	case got := <-done:
		if got.Round != 1 {
			t.Errorf("round %d after one Move, want 1", got.Round)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Move did not return in 10 s")
	}
}

// podContact is the engine's test of two pods (sim.Overlap, then
// sim.TimeOfImpact), the oracle of scan's filter and contact.
func podContact(a, b *Pod, window float64) (float64, bool) {
	d, v := a.Pos.Sub(b.Pos), a.Vel.Sub(b.Vel)
	if sim.Overlap(d, 2*PodRadius) {
		return 0, true
	}
	return sim.TimeOfImpact(d, v, 2*PodRadius, window)
}

// TestMayMeetKeepsEveryContact: the branch-free filter of scan never
// leaves out a pair that the engine's test reports, and contact, on the
// terms the filter computed, finds the engine's time, over random pairs and pairs
// built to meet within a hair of the window's end (the late test's
// margin), grazing pairs, touching pairs and tiny windows. A miss would
// drop a collision the engine has.
func TestMayMeetKeepsEveryContact(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var pods [MaxPods]Pod
	checked, kept, reported := 0, 0, 0
	check := func(window float64) {
		var q [8]quad
		m := mayMeet(&pods, window, &q)
		for k := 0; k < 6; k++ {
			i, j := pairI[k], pairJ[k]
			want, ok := podContact(&pods[i], &pods[j], window)
			checked++
			if m>>uint(k)&1 == 1 {
				kept++
				if got, gotOK := contact(&q[k], window); gotOK != ok || ok && got != want {
					t.Fatalf("pair %d-%d: contact on may's terms %v %v, on the pods %v %v", i, j, got, gotOK, want, ok)
				}
			}
			if ok {
				reported++
				if m>>uint(k)&1 == 0 {
					t.Fatalf("pair %d-%d left out, contact reports it: window %v, pods %+v %+v", i, j, window, pods[i], pods[j])
				}
			}
		}
	}
	windows := []float64{1, 0.5, 1e-3, 1e-5, 3e-6, 0.999999, 0.123456789}
	for n := 0; n < 200000; n++ {
		window := windows[n%len(windows)]
		if n%3 == 0 {
			window = rng.Float64()
		}
		for i := range pods {
			pods[i].Pos = sim.Vec{X: rng.Float64()*16000 - 500, Y: rng.Float64()*9000 - 500}
			pods[i].Vel = sim.Vec{X: math.Round(rng.NormFloat64() * 500), Y: math.Round(rng.NormFloat64() * 500)}
		}
		// Pod 3 placed to touch pod 0 at a time within a relative hair
		// of the window's end, pod 2 to graze pod 1.
		v := pods[3].Vel.Sub(pods[0].Vel)
		if v.Len2() == 0 {
			v = sim.Vec{X: 1, Y: 0}
			pods[3].Vel = pods[0].Vel.Add(v)
		}
		angle := rng.Float64() * 2 * math.Pi
		if n%4 == 0 {
			angle = math.Atan2(v.Y, v.X) + math.Pi/2 + (rng.Float64()-0.5)*1e-6 // grazing
		}
		normal := sim.Vec{X: math.Cos(angle), Y: math.Sin(angle)}
		hair := []float64{0, 1e-15, -1e-15, 1e-12, -1e-12, 1e-9, -1e-9, 1e-7, -1e-7, 1e-6, 2e-6, 1e-4}[n%12]
		tImpact := window * (1 + hair)
		pods[3].Pos = pods[0].Pos.Add(normal.Scale(2 * PodRadius)).Sub(v.Scale(tImpact))
		if n%5 == 0 {
			pods[3].Pos = pods[0].Pos.Add(normal.Scale(2*PodRadius - rng.Float64()*2)) // touching
		}
		w := pods[2].Vel.Sub(pods[1].Vel)
		if w.Len2() != 0 {
			side := sim.Vec{X: -w.Y, Y: w.X}.Scale(2 * PodRadius * (1 + (rng.Float64()-0.5)*1e-9) / w.Len())
			pods[2].Pos = pods[1].Pos.Add(side).Sub(w.Scale(window * rng.Float64() * 2))
		}
		check(window)
	}
	t.Logf("%d pairs, %d kept by the filter, %d reported by contact", checked, kept, reported)
	if reported < checked/20 {
		t.Errorf("only %d of %d pairs collide: the cases miss the edge they are built for", reported, checked)
	}
}
