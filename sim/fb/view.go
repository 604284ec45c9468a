//go:build !contest

package fb

import "impulse/sim"

// This file is the view's record of a turn's collisions (Log), which the
// referee prints. The contest build, which never logs, leaves it out:
// view_contest.go gives the hooks the collision loop calls empty bodies
// there.

// CollisionKind is the kind of a collision line of the view.
type CollisionKind uint8

const (
	// ScoreHit: a snaffle's centre crossed a goal line (SNAFFLESCORE).
	ScoreHit CollisionKind = iota
	// CaptureHit: a wizard caught a snaffle (SNAFFLE).
	CaptureHit
	// WallHit: a body bounced off a wall (WALL).
	WallHit
	// EntityHit: two bodies, or a body and a post, bounced (ENTITY).
	EntityHit
)

var sideNames = [4]string{"LEFT", "RIGHT", "BOTTOM", "TOP"}

func (sd Side) String() string { return sideNames[sd&3] }

// Collision is one collision the engine reacted to during a turn, with
// what its view line prints (Collision.toViewString).
type Collision struct {
	Kind CollisionKind
	ID   int32   // the engine's uniqueId: a counter over every candidate found
	Time float64 // within the turn, 0..1
	// A and B are, by kind: ScoreHit the snaffle id and the scoring
	// player; CaptureHit the snaffle id and the wizard id; WallHit the
	// entity id (B unused); EntityHit the two entity ids, A the one whose
	// scan found the pair.
	A, B int8
	Side Side // WallHit
	// PosA, PosB: ScoreHit the snaffle's position at the end of the turn;
	// CaptureHit the wizard's and the snaffle's before the capture;
	// WallHit the body's before the bounce; EntityHit both before the
	// bounce.
	PosA, PosB sim.Vec
	// Vel: WallHit the body's speed before the bounce; EntityHit the mean
	// speed (v1+v2)/2 before the bounce, or v1 against a post.
	Vel sim.Vec
	// Impulse: WallHit |forceTotal|; EntityHit the signed forceTotal.
	Impulse float64
	// refs name the engine's vector objects that PosA, PosB and Vel are
	// references to (0: a copy), for the in-place writes that follow.
	refs [3]int32
}

// Log receives the collisions of one turn. Collisions beyond MaxLog are
// counted in Dropped, not recorded.
type Log struct {
	Items   [MaxLog]Collision
	N       int
	Dropped int
}

// objects follows the identity of the engine's vector objects during the
// collision loop, for the view lines that hold references to them (only
// when logging).
type objects struct {
	next     int32
	pos, vel [numSlots]int32
}

func (o *objects) fresh() int32 { o.next++; return o.next }

// view is the collision loop's logging: the log (nil: not logging) and
// the identity of the engine's vector objects.
type view struct {
	log *Log
	obj objects
}

// viewStart starts logging a turn into log (nil: none).
func (t *turn) viewStart(log *Log) {
	t.v.log = log
	if log == nil {
		return
	}
	log.N, log.Dropped = 0, 0
	for i := range t.v.obj.pos {
		t.v.obj.pos[i] = t.v.obj.fresh()
		t.v.obj.vel[i] = t.v.obj.fresh()
	}
}

// viewEnd gives each ScoreHit the snaffle's position at the end of the
// turn, after friction and rounding.
func (t *turn) viewEnd() {
	l := t.v.log
	if l == nil {
		return
	}
	for k := 0; k < l.N; k++ {
		if c := &l.Items[k]; c.Kind == ScoreHit {
			c.PosA = t.s.Snaffles[int(c.A)-MaxWizards].Pos
		}
	}
}

// viewAdvanced notes that every body got a new position vector.
func (t *turn) viewAdvanced() {
	if t.v.log == nil {
		return
	}
	for i := range t.v.obj.pos {
		t.v.obj.pos[i] = t.v.obj.fresh()
	}
}

// record appends a collision line to the log and returns it, or nil when
// the log is full.
func (t *turn) record(c *candidate, kind CollisionKind) *Collision {
	l := t.v.log
	if l.N == len(l.Items) {
		l.Dropped++
		return nil
	}
	e := &l.Items[l.N]
	l.N++
	*e = Collision{Kind: kind, ID: c.id, Time: c.t}
	return e
}

// The hooks the collision loop calls are small enough to be inlined: a
// test of the log, then the call that records.

// viewScore records goal c.
func (t *turn) viewScore(c *candidate) {
	if t.v.log != nil {
		t.logScore(c)
	}
}

func (t *turn) logScore(c *candidate) {
	if e := t.record(c, ScoreHit); e != nil {
		e.A, e.B = t.entityID(c.a), c.b
	}
}

// viewCapture records capture c, before the snaffle takes the wizard's
// position and speed, and makes the wizard's vectors the snaffle's.
func (t *turn) viewCapture(c *candidate) {
	if t.v.log != nil {
		t.logCapture(c)
	}
}

func (t *turn) logCapture(c *candidate) {
	i := c.a
	if e := t.record(c, CaptureHit); e != nil {
		e.A, e.B = t.entityID(c.b), i
		e.PosA, e.PosB = t.s.Wizards[i].Pos, t.s.Snaffles[c.b-slotSnaffle].Pos
		e.refs = [3]int32{t.v.obj.pos[i], t.v.obj.pos[c.b], 0}
	}
	t.v.obj.pos[c.b], t.v.obj.vel[c.b] = t.v.obj.pos[i], t.v.obj.vel[i]
}

// viewBounce records bounce c (a wall, a post or a pair) before it, and
// returns the line's index for viewImpulse (−1: none).
func (t *turn) viewBounce(c *candidate) int {
	if t.v.log == nil {
		return -1
	}
	return t.logBounce(c)
}

func (t *turn) logBounce(c *candidate) int {
	kind := EntityHit
	if c.kind == cWall {
		kind = WallHit
	}
	e := t.record(c, kind)
	if e == nil {
		return -1
	}
	pa, va := t.vectors(c.a)
	e.A, e.PosA, e.Vel = t.entityID(c.a), *pa, *va
	e.refs = [3]int32{t.v.obj.pos[c.a], 0, t.v.obj.vel[c.a]}
	switch c.kind {
	case cWall:
		e.Side = Side(c.b)
	case cStatic:
		e.B, e.PosB = t.entityID(c.b), Posts[c.b-slotPost]
	default:
		pb, vb := t.vectors(c.b)
		e.B, e.PosB, e.Vel = t.entityID(c.b), *pb, va.Add(*vb).Scale(0.5)
		e.refs = [3]int32{t.v.obj.pos[c.a], t.v.obj.pos[c.b], 0}
	}
	return t.v.log.N - 1
}

// viewImpulse gives line k (viewBounce; −1: none) its impulse.
func (t *turn) viewImpulse(k int, impulse float64) {
	if k >= 0 {
		t.v.log.Items[k].Impulse = impulse
	}
}

// replaced notes that a reaction gave body slot a new speed vector, and a
// new position vector when moved.
func (t *turn) replaced(slot int8, moved bool) {
	if t.v.log == nil {
		return
	}
	t.v.obj.vel[slot] = t.v.obj.fresh()
	if moved {
		t.v.obj.pos[slot] = t.v.obj.fresh()
	}
}

// viewSync follows sync's copy of wizard w's position and speed into
// snaffle slot ss: the engine writes into the snaffle's vectors in place,
// so the lines that hold references to them change too.
func (t *turn) viewSync(ss int8, w *Wizard) {
	if t.v.log != nil {
		t.logSync(ss, w)
	}
}

func (t *turn) logSync(ss int8, w *Wizard) {
	pos, vel := t.v.obj.pos[ss], t.v.obj.vel[ss]
	for k := 0; k < t.v.log.N; k++ {
		e := &t.v.log.Items[k]
		for f, ref := range e.refs {
			switch {
			case ref == 0:
			case ref == pos && f < 2:
				if f == 0 {
					e.PosA = w.Pos
				} else {
					e.PosB = w.Pos
				}
			case ref == vel && f == 2:
				e.Vel = w.Vel
			}
		}
	}
}

// entityID returns the engine's id of a body slot.
func (t *turn) entityID(slot int8) int8 {
	switch {
	case slot < slotBludger:
		return slot
	case slot < slotPost:
		return slot - slotBludger + int8(MaxWizards) + t.s.NumSnaffles
	}
	return slot - slotPost + int8(MaxWizards+NumBludgers) + t.s.NumSnaffles
}
