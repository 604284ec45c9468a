//go:build !contest

package fb

import "testing"

// TestCollisionLog: the log of the scenes of TestCaptureAndGoal and
// TestWallBounce (fb_test.go), as the engine's view prints them: the
// capture at time 0 of snaffle 4 (slot 0's id) by wizard 0; the goal at
// 300/400 = 0.75 of snaffle 8 for player 0, at the snaffle's final
// position; the wall hit on the bottom, impulse 600, at y = 7100.
func TestCollisionLog(t *testing.T) {
	play := func(s State) (State, Log) {
		var log Log
		cmds := idle()
		s.Play(&cmds, &log)
		return s, log
	}
	if _, log := play(captureScene(399)); log.N == 0 || log.Items[0].Kind != CaptureHit || log.Items[0].Time != 0 || log.Items[0].A != 4 || log.Items[0].B != 0 {
		t.Errorf("capture log %+v", log.Items[:log.N])
	}
	s, log := play(goalScene())
	if c := log.Items[0]; log.N != 1 || c.Kind != ScoreHit || c.Time != 0.75 || c.A != 8 || c.B != 0 || c.PosA != s.Snaffles[4].Pos {
		t.Errorf("goal log %+v", log.Items[:log.N])
	}
	if _, log := play(wallScene()); log.N != 1 || log.Items[0].Kind != WallHit || log.Items[0].Side != Bottom || log.Items[0].Impulse != 600 || log.Items[0].PosA.Y != 7100 {
		t.Errorf("wall log %+v", log.Items[:log.N])
	}
}
