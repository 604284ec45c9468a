package fb

import (
	"math"
	"math/bits"

	"impulse/sim"
)

// The per-turn hot code: Prepare, Update and the collision loop.

// Side is a wall of the field, as the view names it.
type Side uint8

const (
	Left Side = iota
	Right
	Bottom
	Top
)

// Body slots: wizards 0..3, snaffles 4..10, bludgers 11..12, posts 13..16.
const (
	slotSnaffle = MaxWizards
	slotBludger = slotSnaffle + MaxSnaffles
	slotPost    = slotBludger + NumBludgers
	numSlots    = slotPost + NumPosts
	// maxCands bounds a scan's candidates (150): each body's wall and posts,
	// a wizard's captures, a snaffle's goal, a bludger's pairs with the
	// others, and the pairs within each kind.
	maxCands = MaxWizards*(1+NumPosts+MaxSnaffles) + MaxWizards*(MaxWizards-1)/2 +
		MaxSnaffles*(NumPosts+2) + MaxSnaffles*(MaxSnaffles-1)/2 +
		NumBludgers*(1+NumPosts+MaxWizards+MaxSnaffles) + NumBludgers*(NumBludgers-1)/2
)

var slotRadius, slotMass [numSlots]float64

func init() {
	for i := 0; i < numSlots; i++ {
		switch {
		case i < slotSnaffle:
			slotRadius[i], slotMass[i] = WizardRadius, WizardMass
		case i < slotBludger:
			slotRadius[i], slotMass[i] = SnaffleRadius, SnaffleMass
		case i < slotPost:
			slotRadius[i], slotMass[i] = BludgerRadius, BludgerMass
		default:
			slotRadius[i] = PostRadius
		}
	}
}

// candidate kinds
const (
	cWall uint8 = iota
	cStatic
	cPair
	cCapture
	cGoal
)

type candidate struct {
	t    float64
	id   int32
	kind uint8
	a, b int8 // slots; cWall: b is the Side; cGoal: b is the player
}

// turn is the scratch of one Update.
type turn struct {
	s     *State
	v     view
	n     int
	box   [numSlots]box
	cands [maxCands]candidate
}

// box is the box a body sweeps from the scan's start to the turn's end,
// grown by its radius plus 1 for rounding: bodies whose boxes are apart
// cannot meet, so skipping them never changes a result.
type box struct{ x0, x1, y0, y1 float64 }

func sweep(p, v sim.Vec, window, r float64) box {
	dx, dy := float64(v.X*window), float64(v.Y*window)
	b := box{p.X - r, p.X + r, p.Y - r, p.Y + r}
	if dx < 0 {
		b.x0 += dx
	} else {
		b.x1 += dx
	}
	if dy < 0 {
		b.y0 += dy
	} else {
		b.y1 += dy
	}
	return b
}

// apart reports whether the boxes of slots a and b do not meet.
func (t *turn) apart(a, b int8) bool {
	p, q := &t.box[a], &t.box[b]
	return p.x0 > q.x1 || q.x0 > p.x1 || p.y0 > q.y1 || q.y0 > p.y1
}

// inside reports whether slot a's box is clear of the walls,
// awayFromPosts of the posts' boxes, awayFromGoalLines of the goal lines:
// cheap tests that, like apart, skip the costlier ones.
func (t *turn) inside(a int8) bool {
	b := &t.box[a]
	return b.x0 > 0 && b.x1 < Width && b.y0 > 0 && b.y1 < Height
}

func (t *turn) awayFromPosts(a int8) bool {
	b := &t.box[a]
	return b.x0 > PostRadius+1 && b.x1 < Width-PostRadius-1
}

func (t *turn) awayFromGoalLines(a int8) bool {
	b := &t.box[a]
	return b.x0 > 0 && b.x1 < Width
}

// Prepare is the engine's prepare, before the commands: countdowns go
// down by one, last turn's paid spells start (countdown = duration, on
// LastTarget), spells that ran out lose their target, thrusts are cleared.
func (s *State) Prepare() {
	for i := range s.Wizards {
		w := &s.Wizards[i]
		w.Acc = sim.Vec{}
		for sp := range w.Countdown {
			if w.Countdown[sp] > 0 {
				w.Countdown[sp]--
			}
		}
		if w.Cast != NoSpell {
			w.Countdown[w.Cast] = Spells[s.Rules].Duration[w.Cast]
			w.Target[w.Cast] = w.LastTarget
			w.Cast = NoSpell
		}
		for sp := range w.Countdown {
			if w.Countdown[sp] == 0 {
				w.Target[sp] = NoID
			}
		}
	}
	for k := range s.Snaffles {
		s.Snaffles[k].Acc = sim.Vec{}
	}
}

// Result is what a turn decided beyond the physics.
type Result struct {
	// Over reports whether the game ended (endReached): no live snaffle at
	// the start of the movement, a score of ScoreToWin, or a dead player.
	// MaxRounds is the caller's test.
	Over bool
	// Scored counts each player's goals (none for a dead player).
	Scored [2]int8
}

// Play plays a turn from the wizards' commands, which skip Check: the
// caller gives valid ones (Idle for none). log is as for Update. It
// allocates nothing.
func (s *State) Play(cmds *[MaxWizards]Command, log *Log) Result {
	s.Prepare()
	for i := range cmds {
		s.Apply(i, cmds[i])
	}
	return s.Update(log)
}

// Update is the engine's updateGame, after the commands, in the phases
// numbered below. It increments Round. log, if not nil, gets the turn's
// collisions (never in the contest build: view_contest.go). It allocates
// nothing.
func (s *State) Update(log *Log) Result {
	s.Round++
	var res Result
	n := int(s.NumSnaffles)
	// 1. Snaffles stop ignoring those they left.
	for k := 0; k < n; k++ {
		sn := &s.Snaffles[k]
		for m := sn.Ignore; m != 0; m &= m - 1 {
			j := bits.TrailingZeros8(m)
			if j < n && !sim.Overlap(s.Snaffles[j].Pos.Sub(sn.Pos), 2*SnaffleRadius) {
				sn.Ignore &^= 1 << uint(j)
			}
		}
	}
	// 2. Wizards thrust and drop what they hold.
	for i := range s.Wizards {
		w := &s.Wizards[i]
		w.Vel = w.Vel.Add(w.Acc)
		if h := w.Holding; h != NoID {
			if w.Countdown[Accio] > 0 && int(w.Target[Accio]) == s.SnaffleID(int(h)) {
				w.Countdown[Accio], w.Target[Accio] = 0, NoID
			}
			held := &s.Snaffles[h]
			for k := 0; k < n; k++ {
				if k != int(h) && sim.Overlap(s.Snaffles[k].Pos.Sub(held.Pos), 2*SnaffleRadius) {
					s.Snaffles[k].Ignore |= 1 << uint(h)
					held.Ignore |= 1 << uint(k)
				}
			}
			held.Carrier = NoID
			w.Holding = NoID
		}
		if t := w.Target[Accio]; t != NoID {
			if kind, k := s.Entity(int(t)); kind == SnaffleEntity && s.Snaffles[k].Scored {
				w.Countdown[Accio], w.Target[Accio] = 0, NoID
			}
		}
		if w.Cooldown > 0 {
			w.Cooldown--
		}
	}
	// 3. Throws.
	live := 0
	for k := 0; k < n; k++ {
		sn := &s.Snaffles[k]
		if !sn.Scored {
			live++
		}
		sn.Vel = sn.Vel.Add(sn.Acc.Scale(1 / SnaffleMass))
	}
	// 4. Bludgers.
	for k := range s.Bludgers {
		s.chase(k)
	}
	// 5. PETRIFICUS, ACCIO, FLIPENDO.
	for i := range s.Wizards {
		if t := s.Wizards[i].Target[Petrificus]; t != NoID {
			if _, vel := s.entityVectors(int(t)); vel != nil {
				*vel = sim.Vec{}
			}
		}
	}
	for i := range s.Wizards {
		w := &s.Wizards[i]
		if t := w.Target[Accio]; t != NoID {
			pos, vel := s.entityVectors(int(t))
			if vel == nil {
				continue
			}
			*vel = vel.Add(spellForce(w.Pos.Sub(*pos), AccioPower).Scale(1 / s.entityMass(int(t))))
		}
	}
	for i := range s.Wizards {
		w := &s.Wizards[i]
		if t := w.Target[Flipendo]; t != NoID {
			pos, vel := s.entityVectors(int(t))
			if vel != nil && *pos != w.Pos {
				*vel = vel.Add(spellForce(pos.Sub(w.Pos), FlipendoPower).Scale(1 / s.entityMass(int(t))))
			}
		}
	}
	// 6. Magic.
	for pl := range s.Magic {
		if s.Magic[pl] < MaxMagic {
			s.Magic[pl]++
		}
	}
	// 7. Movement.
	var tn turn
	tn.s = s
	tn.viewStart(log)
	before := s.Score
	tn.run()
	res.Scored[0] = int8(s.Score[0] - before[0])
	res.Scored[1] = int8(s.Score[1] - before[1])
	// 8. Friction and rounding.
	for i := range s.Wizards {
		w := &s.Wizards[i]
		finish(&w.Pos, &w.Vel, WizardFriction)
	}
	for k := 0; k < n; k++ {
		sn := &s.Snaffles[k]
		finish(&sn.Pos, &sn.Vel, SnaffleFriction)
	}
	for k := range s.Bludgers {
		b := &s.Bludgers[k]
		finish(&b.Pos, &b.Vel, BludgerFriction)
	}
	tn.viewEnd()
	// 9. The end.
	res.Over = live == 0 || s.Score[0] >= s.ScoreToWin || s.Score[1] >= s.ScoreToWin || s.Dead[0] || s.Dead[1]
	return res
}

// finish applies friction to a body's speed, then rounds its position and
// speed with SymRound per component: a method rounding a vector would not
// inline, and its call would spill what is live.
func finish(p, v *sim.Vec, friction float64) {
	f := v.Scale(friction)
	*p = sim.Vec{X: sim.SymRound(p.X), Y: sim.SymRound(p.Y)}
	*v = sim.Vec{X: sim.SymRound(f.X), Y: sim.SymRound(f.Y)}
}

// spellForce is the engine's ACCIO or FLIPENDO push along d (wizard to
// target for FLIPENDO, the reverse for ACCIO): min(c·(1e6/|d|²), 1000)
// along d normalised once.
func spellForce(d sim.Vec, c float64) sim.Vec {
	p := c * (1000 * 1000 / d.Len2())
	if !(p <= SpellMaxPower) && !math.IsNaN(p) {
		p = SpellMaxPower
	}
	return d.Normalize().Scale(p)
}

// chase gives bludger k its thrust towards the nearest wizard it may
// target (Bludger.updateAcceleration): not its last victim nor a wizard
// whose team has an OBLIVIATE on it; ties to the lower id.
func (s *State) chase(k int) {
	b := &s.Bludgers[k]
	id := int8(s.BludgerID(k))
	// forgotten[pl]: player pl has an OBLIVIATE running on b.
	var forgotten [2]bool
	for j := range s.Wizards {
		if wj := &s.Wizards[j]; wj.Countdown[Obliviate] > 0 && wj.Target[Obliviate] == id {
			forgotten[Owner(j)&1] = true
		}
	}
	best, bestD := -1, 0.0
	for i := range s.Wizards {
		if int8(i) == b.LastVictim || forgotten[Owner(i)&1] {
			continue
		}
		d := b.Pos.Dist(s.Wizards[i].Pos)
		if best < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	if best >= 0 {
		acc := s.Wizards[best].Pos.Sub(b.Pos).Normalize().Scale(BludgerThrust)
		b.Vel = b.Vel.Add(acc.Scale(1 / BludgerMass))
	}
}

// entityVectors returns the position and speed of moving entity id, else
// nil (never for a spell target that passed Check).
func (s *State) entityVectors(id int) (*sim.Vec, *sim.Vec) {
	kind, k := s.Entity(id)
	switch kind {
	case WizardEntity:
		return &s.Wizards[k].Pos, &s.Wizards[k].Vel
	case SnaffleEntity:
		return &s.Snaffles[k].Pos, &s.Snaffles[k].Vel
	case BludgerEntity:
		return &s.Bludgers[k].Pos, &s.Bludgers[k].Vel
	}
	return nil, nil
}

func (s *State) entityMass(id int) float64 {
	switch kind, _ := s.Entity(id); kind {
	case SnaffleEntity:
		return SnaffleMass
	case BludgerEntity:
		return BludgerMass
	}
	return WizardMass
}

// vectors returns the position and speed of a body slot (posts: a copy).
func (t *turn) vectors(slot int8) (*sim.Vec, *sim.Vec) {
	s := t.s
	switch {
	case slot < slotSnaffle:
		return &s.Wizards[slot].Pos, &s.Wizards[slot].Vel
	case slot < slotBludger:
		return &s.Snaffles[slot-slotSnaffle].Pos, &s.Snaffles[slot-slotSnaffle].Vel
	case slot < slotPost:
		return &s.Bludgers[slot-slotBludger].Pos, &s.Bludgers[slot-slotBludger].Vel
	}
	return &postCopy[slot-slotPost], &zeroVel
}

var postCopy = Posts
var zeroVel sim.Vec

// maxSteps bounds the collision loop, which the engine does not.
//
// BUG(fb): a turn needing more than maxSteps steps (never seen; the engine
// would loop forever or nearly) ends with a straight move to its end.
const maxSteps = 1000

// run is the engine's loop: time = 0; while time < 1: time += step(time).
func (t *turn) run() {
	time := 0.0
	for steps := 0; time < 1; steps++ {
		if steps == maxSteps {
			t.advance(1 - time)
			break
		}
		time += t.step(time)
	}
}

// step finds the candidates from time begin, moves every body to the
// first, reacts to all within Epsilon of it and returns the time advanced.
func (t *turn) step(begin float64) float64 {
	t.scan(begin)
	if t.n == 0 {
		t.advance(1 - begin)
		return 1 - begin
	}
	c := t.cands[:t.n]
	for k := 1; k < len(c); k++ {
		for m := k; m > 0 && c[m].t < c[m-1].t; m-- {
			c[m], c[m-1] = c[m-1], c[m]
		}
	}
	first := c[0].t
	t.advance(first - begin)
	for k := range c {
		if c[k].t > first+Epsilon {
			break
		}
		t.react(&c[k])
	}
	return first - begin
}

// advance moves every body by its speed times dt (DynamicEntity.step:
// nothing when dt ≤ 0).
func (t *turn) advance(dt float64) {
	if dt <= 0 {
		return
	}
	s := t.s
	for i := range s.Wizards {
		w := &s.Wizards[i]
		w.Pos = w.Pos.Add(w.Vel.Scale(dt))
	}
	for k := 0; k < int(s.NumSnaffles); k++ {
		sn := &s.Snaffles[k]
		sn.Pos = sn.Pos.Add(sn.Vel.Scale(dt))
	}
	for k := range s.Bludgers {
		b := &s.Bludgers[k]
		b.Pos = b.Pos.Add(b.Vel.Scale(dt))
	}
	t.viewAdvanced()
}

func (t *turn) add(time float64, kind uint8, a, b int8) {
	if t.n == maxCands {
		return // never: see maxCands
	}
	t.cands[t.n] = candidate{time, t.s.Collisions, kind, a, b}
	t.s.Collisions++
	t.n++
}

// scan builds the candidates in the engine's order, which fixes their ids
// and the order of simultaneous reactions.
func (t *turn) scan(begin float64) {
	s := t.s
	t.n = 0
	window := 1 - begin
	n := int(s.NumSnaffles)
	for i := range s.Wizards {
		w := &s.Wizards[i]
		t.box[i] = sweep(w.Pos, w.Vel, window, WizardRadius+1)
	}
	for k := 0; k < n; k++ {
		sn := &s.Snaffles[k]
		t.box[slotSnaffle+k] = sweep(sn.Pos, sn.Vel, window, SnaffleRadius+1)
	}
	for k := range s.Bludgers {
		b := &s.Bludgers[k]
		t.box[slotBludger+k] = sweep(b.Pos, b.Vel, window, BludgerRadius+1)
	}
	for k := range Posts {
		t.box[slotPost+k] = sweep(Posts[k], sim.Vec{}, 0, PostRadius+1)
	}
	for i := MaxWizards - 1; i >= 0; i-- {
		if !t.inside(int8(i)) {
			t.wall(int8(i), begin, window)
		}
		if !t.awayFromPosts(int8(i)) {
			t.posts(int8(i), begin, window)
		}
		for j := i - 1; j >= 0; j-- {
			if !t.apart(int8(i), int8(j)) {
				t.pair(int8(i), int8(j), begin, window)
			}
		}
		t.captures(i, begin, window)
	}
	for k := n - 1; k >= 0; k-- {
		sn := &s.Snaffles[k]
		if sn.Scored || sn.Carrier != NoID {
			continue
		}
		slot := int8(slotSnaffle + k)
		if !t.awayFromPosts(slot) {
			t.posts(slot, begin, window)
		}
		if !inGoal(sn.Pos) {
			if !t.inside(slot) {
				t.wall(slot, begin, window)
			}
		}
		for j := k - 1; j >= 0; j-- {
			o := &s.Snaffles[j]
			if o.Scored || o.Carrier != NoID || sn.Ignore&(1<<uint(j)) != 0 {
				continue
			}
			if !t.apart(slot, int8(slotSnaffle+j)) {
				t.pair(slot, int8(slotSnaffle+j), begin, window)
			}
		}
		if !t.awayFromGoalLines(slot) {
			t.goal(k, begin, window)
		}
	}
	for k := NumBludgers - 1; k >= 0; k-- {
		slot := int8(slotBludger + k)
		if !t.inside(slot) {
			t.wall(slot, begin, window)
		}
		if !t.awayFromPosts(slot) {
			t.posts(slot, begin, window)
		}
		for j := k - 1; j >= 0; j-- {
			if !t.apart(slot, int8(slotBludger+j)) {
				t.pair(slot, int8(slotBludger+j), begin, window)
			}
		}
		for i := 0; i < MaxWizards; i++ {
			if !t.apart(slot, int8(i)) {
				t.pair(slot, int8(i), begin, window)
			}
		}
		for j := 0; j < n; j++ {
			if !t.apart(slot, int8(slotSnaffle+j)) {
				t.pair(slot, int8(slotSnaffle+j), begin, window)
			}
		}
	}
}

// inGoal reports whether a snaffle's centre is in a goal mouth.
func inGoal(p sim.Vec) bool {
	return (p.X <= SnaffleRadius || p.X >= Width-SnaffleRadius) && p.Y >= GoalTop && p.Y <= GoalBottom
}

// contact is checkEntityCollision: overlapping (touching included) now,
// else the time of impact within the window.
func contact(d, v sim.Vec, r, window float64) (float64, bool) {
	if sim.Overlap(d, r) {
		return 0, true
	}
	return sim.TimeOfImpact(d, v, r, window)
}

// pair tests slots a and b, whose boxes meet.
func (t *turn) pair(a, b int8, begin, window float64) {
	pa, va := t.vectors(a)
	pb, vb := t.vectors(b)
	if tau, ok := contact(pa.Sub(*pb), va.Sub(*vb), slotRadius[a]+slotRadius[b], window); ok {
		t.add(begin+tau, cPair, a, b)
	}
}

// posts tests slot a against the four posts in order.
func (t *turn) posts(a int8, begin, window float64) {
	for p := 0; p < NumPosts; p++ {
		if !t.apart(a, int8(slotPost+p)) {
			t.static(a, int8(slotPost+p), begin, window)
		}
	}
}

// static tests slot a against a post whose box meets a's.
func (t *turn) static(a, post int8, begin, window float64) {
	pa, va := t.vectors(a)
	if tau, ok := contact(pa.Sub(Posts[post-slotPost]), *va, slotRadius[a]+PostRadius, window); ok {
		t.add(begin+tau, cStatic, a, post)
	}
}

// wall is checkWallCollisions, with the snaffles' contactPositionWall
// that lets them through the goal mouths.
func (t *turn) wall(a int8, begin, window float64) {
	p, v := t.vectors(a)
	r := slotRadius[a]
	switch {
	case p.X < r:
		t.add(begin, cWall, a, int8(Left))
		return
	case p.X > Width-r:
		t.add(begin, cWall, a, int8(Right))
		return
	case p.Y < r:
		t.add(begin, cWall, a, int8(Top))
		return
	case p.Y > Height-r:
		t.add(begin, cWall, a, int8(Bottom))
		return
	}
	snaffle := a >= slotSnaffle && a < slotBludger
	side, best, found := Left, 0.0, false
	if v.X > 0 {
		tau := (Width - r - p.X) / v.X
		if tau >= 0 && (!snaffle || outsideMouth(p.Y+float64(tau*v.Y))) {
			side, best, found = Right, tau, true
		}
	} else if v.X < 0 {
		tau := (r - p.X) / v.X
		if tau >= 0 && (!snaffle || outsideMouth(p.Y+float64(tau*v.Y))) {
			side, best, found = Left, tau, true
		}
	}
	if v.Y > 0 {
		if tau := (Height - r - p.Y) / v.Y; tau >= 0 && (!found || best > tau) {
			side, best, found = Bottom, tau, true
		}
	} else if v.Y < 0 {
		if tau := (r - p.Y) / v.Y; tau >= 0 && (!found || best > tau) {
			side, best, found = Top, tau, true
		}
	}
	if found && best <= window {
		t.add(begin+best, cWall, a, int8(side))
	}
}

func outsideMouth(y float64) bool { return y < GoalTop || y > GoalBottom }

// goal is checkGoalCollisions: the centre on or beyond a goal line now,
// or reaching it within the window.
func (t *turn) goal(k int, begin, window float64) {
	slot := int8(slotSnaffle + k)
	sn := &t.s.Snaffles[k]
	switch {
	case sn.Pos.X >= Width:
		t.add(begin, cGoal, slot, 0)
	case sn.Pos.X <= 0:
		t.add(begin, cGoal, slot, 1)
	case sn.Vel.X != 0:
		right := (Width - sn.Pos.X) / sn.Vel.X
		left := -sn.Pos.X / sn.Vel.X
		if right <= window && right > 0 {
			t.add(begin+right, cGoal, slot, 0)
		} else if left <= window && left > 0 {
			t.add(begin+left, cGoal, slot, 1)
		}
	}
}

// captures is checkCaptureSnaffleCollision for wizard i: the closest
// free snaffle within CaptureDistance now, then every other reaching it
// in the window.
func (t *turn) captures(i int, begin, window float64) {
	s := t.s
	w := &s.Wizards[i]
	if w.Holding != NoID || w.Cooldown > 0 {
		return
	}
	const r2 = CaptureDistance * CaptureDistance
	// A snaffle whose box is apart from the wizard's stays beyond
	// CaptureDistance all turn (the boxes' radii add up to more).
	var near uint8
	closest, best := -1, 0.0
	n := int(s.NumSnaffles)
	for k := 0; k < n; k++ {
		sn := &s.Snaffles[k]
		if sn.Scored || sn.Carrier != NoID || t.apart(int8(i), int8(slotSnaffle+k)) {
			continue
		}
		near |= 1 << uint(k)
		if d2 := sn.Pos.Sub(w.Pos).Len2(); d2 <= r2 && (closest < 0 || d2 < best) {
			closest, best = k, d2
		}
	}
	if near == 0 {
		return
	}
	if closest >= 0 {
		t.add(begin, cCapture, int8(i), int8(slotSnaffle+closest))
	}
	for k := 0; k < n; k++ {
		if k == closest || near&(1<<uint(k)) == 0 {
			continue
		}
		sn := &s.Snaffles[k]
		if tau, ok := sim.TimeOfImpact(w.Pos.Sub(sn.Pos), w.Vel.Sub(sn.Vel), CaptureDistance, window); ok {
			t.add(begin+tau, cCapture, int8(i), int8(slotSnaffle+k))
		}
	}
}

func (t *turn) react(c *candidate) {
	switch c.kind {
	case cGoal:
		t.score(c)
	case cCapture:
		t.capture(c)
	case cWall:
		t.bounceWall(c)
	case cStatic:
		t.bounceStatic(c)
	default:
		t.bouncePair(c)
	}
}

func (t *turn) score(c *candidate) {
	s := t.s
	k := c.a - slotSnaffle
	s.Snaffles[k].Scored = true
	if pl := c.b; !s.Dead[pl] {
		s.Score[pl]++
	}
	t.viewScore(c)
}

// capture is SnaffleCollision.react: refused when the wizard holds a
// snaffle or another empty-handed wizard is as close or closer (within
// Epsilon on squared distances).
func (t *turn) capture(c *candidate) {
	s := t.s
	i := c.a
	w := &s.Wizards[i]
	if w.Holding != NoID {
		return
	}
	k := c.b - slotSnaffle
	sn := &s.Snaffles[k]
	d := w.Pos.Sub(sn.Pos).Len2() + Epsilon
	for j := range s.Wizards {
		if o := &s.Wizards[j]; int8(j) != i && o.Holding == NoID && d >= o.Pos.Sub(sn.Pos).Len2() {
			return
		}
	}
	t.viewCapture(c)
	w.Holding = k
	sn.Carrier = i
	sn.Pos, sn.Vel = w.Pos, w.Vel
}

// bounceWall is WallCollision.react: the normal speed reversed (impulse
// 2·v·m, no minimum), the position mirrored back inside.
func (t *turn) bounceWall(c *candidate) {
	p, v := t.vectors(c.a)
	if c.a >= slotSnaffle && c.a < slotBludger && inGoal(*p) {
		// BUG(fb): the engine reacts to a wall candidate of a snaffle in
		// a goal mouth by then with no view data, and its view fails
		// (never seen in the corpus); we neither bounce nor log.
		return
	}
	side := Side(c.b)
	k := t.viewBounce(c)
	m := slotMass[c.a]
	inv := 1 / m
	var force float64
	if side == Left || side == Right {
		force = float64(2*v.X) * m
		v.X += float64(float64(-1*force) * inv)
		v.Y += float64(float64(0*force) * inv)
	} else {
		force = float64(2*v.Y) * m
		v.X += float64(float64(0*force) * inv)
		v.Y += float64(float64(-1*force) * inv)
	}
	r := slotRadius[c.a]
	moved := false
	if p.X > Width-r {
		p.X += float64(-2 * (p.X - (Width - r)))
		moved = true
	}
	if p.X < r {
		p.X += float64(-2 * (p.X - r))
		moved = true
	}
	if p.Y > Height-r {
		p.Y += float64(-2 * (p.Y - (Height - r)))
		moved = true
	}
	if p.Y < r {
		p.Y += float64(-2 * (p.Y - r))
		moved = true
	}
	t.viewImpulse(k, math.Abs(force))
	t.replaced(c.a, moved)
	t.sync(c.a)
}

// bounceStatic is EntityCollision.react: a body against a post.
func (t *turn) bounceStatic(c *candidate) {
	p, v := t.vectors(c.a)
	post := Posts[c.b-slotPost]
	k := t.viewBounce(c)
	n := post.Sub(*p).Normalize()
	if n == (sim.Vec{}) {
		n = sim.Vec{X: 1}
	}
	m := slotMass[c.a]
	f := float64(n.Dot(*v) * m)
	total := f + 100
	if f > MinImpulse {
		total = f + f
	}
	*v = v.Add(n.Scale(-1 * total).Scale(1 / m))
	moved := false
	if diff := p.Dist(post) - slotRadius[c.a] - PostRadius; diff <= 0 {
		*p = p.Add(n.Scale(-(float64(-diff/2) + Epsilon)))
		moved = true
	}
	t.viewImpulse(k, total)
	t.replaced(c.a, moved)
	t.sync(c.a)
}

// bouncePair is DynamicEntityCollision.react.
func (t *turn) bouncePair(c *candidate) {
	pa, va := t.vectors(c.a)
	pb, vb := t.vectors(c.b)
	k := t.viewBounce(c)
	n := pb.Sub(*pa).Normalize()
	if n == (sim.Vec{}) {
		n = sim.Vec{X: 1}
	}
	ma, mb := slotMass[c.a], slotMass[c.b]
	f := n.Dot(va.Sub(*vb)) / (1/ma + 1/mb)
	total := f + MinImpulse
	if f > MinImpulse {
		total = f + f
	}
	j := n.Scale(-1 * total)
	*va = va.Add(j.Scale(1 / ma))
	*vb = vb.Add(j.Scale(-1).Scale(1 / mb))
	moved := false
	if diff := pa.Dist(*pb) - slotRadius[c.a] - slotRadius[c.b]; diff <= 0 {
		*pa = pa.Add(n.Scale(-(float64(-diff/2) + Epsilon)))
		*pb = pb.Add(n.Scale(float64(-diff/2) + Epsilon))
		moved = true
	}
	if c.a >= slotBludger && c.b < slotSnaffle {
		t.s.Bludgers[c.a-slotBludger].LastVictim = c.b
	}
	t.viewImpulse(k, total)
	t.replaced(c.a, moved)
	t.replaced(c.b, moved)
	t.sync(c.a)
	t.sync(c.b)
}

// sync copies a holding wizard's position and speed into its snaffle after
// each of its collisions; the engine writes them in place, so view lines
// referring to them change too.
func (t *turn) sync(slot int8) {
	if slot >= slotSnaffle {
		return
	}
	s := t.s
	w := &s.Wizards[slot]
	if w.Holding == NoID {
		return
	}
	ss := int8(slotSnaffle) + w.Holding
	sn := &s.Snaffles[w.Holding]
	sn.Pos, sn.Vel = w.Pos, w.Vel
	t.viewSync(ss, w)
}
