package csb_test

import (
	"fmt"

	"impulse/sim/csb"
)

// The first turn of replays/csb/csb-002.json (published referee, seed
// 1758687920): the four lines the bots printed, then the pods as frame 2's
// view shows them: (13140, 2423) moving (-130, 108), (12474, 1707) moving
// (-117, 122), (13807, 3136) moving (-142, 92), (11733, 857) moving
// (-168, 22), each facing its target (2.4500 rad is 140 degrees).
func ExampleState_Play() {
	s := csb.NewFromSeed(1758687920, csb.Published)
	for i, line := range []string{"9443 5484 200", "9154 5174 200", "9787 5758 200", "7423 1421 200"} {
		o, err := csb.ParseOrder(line, csb.Published)
		if err != nil {
			panic(err)
		}
		s.Apply(i, o.Command)
	}
	s.Play(nil)
	for i := range s.Pods {
		fmt.Println(s.PodInput(i))
	}
	// Output:
	// 13140 2423 -130 108 140 1
	// 12474 1707 -117 122 134 1
	// 13807 3136 -142 92 147 1
	// 11733 857 -168 22 173 1
}
