// Package tune tunes a bot's parameters by SPSA (simultaneous perturbation
// stochastic approximation) as fishtest runs it for Stockfish.
//
// A [Param] is a parameter with its start, bounds and the two constants
// of fishtest's SPSA, C_END and R_END ([ParseParam] reads fishtest's line
// NAME,START,MIN,MAX,C_END,R_END). A [Tuner] holds the parameter vector
// theta and the gain schedules: each iteration k draws a random sign
// vector ([Tuner.Perturb]), plays theta+c_k·delta against theta−c_k·delta
// (or each against a fixed opponent) in one pair of games, and moves theta
// by the score difference ([Tuner.Update]). [Run] drives the iterations,
// several at a time when asked, through a [Runner], the one way games are
// played: [MatchRunner] plays them as bot processes through referee/match,
// here or, through its PairRunner, on other machines (a run of
// referee/queue per pair); a test plays them in process. Each applied
// iteration is an [Iteration], one JSON line of the journal that
// [ReadJournal] reads back to resume; [WritePlot] draws each parameter's
// trajectory as an SVG.
//
// A run as "referee tune" plays it is a [Session]: its [Setting], kept in
// its [Folder] with the journal, the plot and the tuned command
// ([OpenFolder] starts or resumes it there), its games played here or on
// a queue's workers, its [Progress] shown as it goes.
package tune
