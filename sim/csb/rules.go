package csb

// Result is what a round decided, beyond the physics.
type Result struct {
	// Finished reports whether a pod of a player still in the game
	// completed the race this round.
	Finished bool
	// TimedOut reports, per player, elimination by the checkpoint timeout
	// this round (no pod of the player passed a checkpoint for PodTimeout
	// rounds). A player already out is reported again, as the engine does.
	TimedOut [2]bool
}

// Play simulates one round as the engine's updateGame does: Move (the
// pods' commands already applied), then the end of the race and the
// checkpoint timeout, which eliminates the players concerned.
func (s *State) Play(log *Log) Result {
	s.Move(log)
	var r Result
	total := s.Laps * s.NumCheckpoints
	for i := range s.Pods {
		if !s.Dead[Owner(i)] && s.Pods[i].Passed >= total {
			r.Finished = true
		}
	}
	for pl := 0; pl < 2; pl++ {
		out := true
		for i := 2 * pl; i < 2*pl+2; i++ {
			if s.Round-s.Pods[i].LastPass < s.PodTimeout {
				out = false
			}
		}
		if out {
			r.TimedOut[pl] = true
			s.Dead[pl] = true
		}
	}
	return r
}

// TurnsLeft returns the number of rounds player pl has left to pass a
// checkpoint (the view's "rank:turns" field): PodTimeout − Round + the
// latest pass of its pods.
func (s *State) TurnsLeft(pl int) int32 {
	last := s.Pods[2*pl].LastPass
	if l := s.Pods[2*pl+1].LastPass; l > last {
		last = l
	}
	return s.PodTimeout - s.Round + last
}

// compare orders two pods as Pod.compareTo: pods of players still in the
// game first, then more checkpoints passed, then the shorter distance to
// the pod's own next checkpoint. It returns <0, 0 or >0.
//
// Under the live rules two pods that both have only the finish left are
// equal: the live server keeps their order of the round before however
// their distances to the finish change (replays/csb-live:
// battle_872197069.json turns 106 to 121, where pod 3 stays ranked above
// pod 2 and, from turn 117, pod 0, though both come nearer the finish).
func (s *State) compare(i, j int) int {
	a, b := &s.Pods[i], &s.Pods[j]
	da, db := s.Dead[Owner(i)], s.Dead[Owner(j)]
	switch {
	case da && !db:
		return 1
	case !da && db:
		return -1
	case a.Passed > b.Passed:
		return -1
	case a.Passed < b.Passed:
		return 1
	case s.Rules == Live && a.Passed == s.Laps*s.NumCheckpoints-1:
		return 0
	}
	diff := a.Pos.Dist(s.Checkpoints[a.Next]) - b.Pos.Dist(s.Checkpoints[b.Next])
	switch {
	case diff < 0:
		return -1
	case diff > 0:
		return 1
	}
	return 0
}

// Ranks returns the ranks the engine computes after a round, from the
// pods in index order: see RanksFrom.
func (s *State) Ranks() (pods [MaxPods]int32, players [2]int32) {
	order := [MaxPods]int{0, 1, 2, 3}
	return s.RanksFrom(&order)
}

// RanksFrom returns the ranks the engine computes after a round: each pod's
// rank 1..4 and each player's rank, the best of its pods' ranks compacted
// to 1..2. order holds the pods best first as the previous round ranked
// them (0, 1, 2, 3 before the first round) and is sorted in place, stably.
//
// The published referee sorts the pods afresh in index order and gives
// equal progress and distance a shared rank (dense ranks). The live server
// sorts the order of the round before and ranks pods by their place in
// it, so pods it finds equal keep their previous order and distinct ranks
// (see compare).
func (s *State) RanksFrom(order *[MaxPods]int) (pods [MaxPods]int32, players [2]int32) {
	if s.Rules != Live {
		*order = [MaxPods]int{0, 1, 2, 3}
	}
	// A stable insertion sort, as Java's sort of so few elements.
	for k := 1; k < MaxPods; k++ {
		for m := k; m > 0 && s.compare(order[m], order[m-1]) < 0; m-- {
			order[m], order[m-1] = order[m-1], order[m]
		}
	}
	players = [2]int32{MaxPods, MaxPods}
	rank := int32(0)
	for k, i := range order {
		if k == 0 || s.Rules == Live || s.compare(i, order[k-1]) > 0 {
			rank++
		}
		pods[i] = rank
		if pl := Owner(i); rank < players[pl] {
			players[pl] = rank
		}
	}
	// Compact the player ranks to 1..k, as the engine's loop does.
	for i := int32(1); i <= MaxPods; i++ {
		found := false
		for r := i; !found && r <= MaxPods; r++ {
			for pl := range players {
				if players[pl] == r {
					players[pl] = i
					found = true
				}
			}
		}
	}
	return pods, players
}
