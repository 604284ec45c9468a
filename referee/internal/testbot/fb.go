package testbot

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"impulse/referee/replay"
)

// fbMove plays Fantastic Bits: both wizards move to the middle at
// thrust 150, every turn.
func fbMove() int {
	in := newLines(nil)
	in.next() // myTeamId
	for {
		in.skipFBTurn()
		fmt.Print("MOVE 8000 3750 150\nMOVE 8000 3750 150\n")
	}
}

// fbEcho plays Fantastic Bits as the bot of its seat played the replay at
// path: each turn it copies the lines it read to stderr and answers with
// that bot's recorded output. Its seat is its team id, the first line.
func fbEcho(path string) int {
	r, err := replay.Read(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 4
	}
	in := newLines(os.Stderr)
	seat, _ := strconv.Atoi(in.next())
	for _, fr := range r.GameResult.Frames {
		if fr.AgentID != seat {
			continue
		}
		in.skipFBTurn()
		if fr.Stdout == nil {
			return 5 // the recorded bot timed out: the replays here have none
		}
		os.Stdout.WriteString(*fr.Stdout)
	}
	return 0
}

// skipFBTurn reads a Fantastic Bits turn's input: the scores and magic,
// then the entities.
func (l *lines) skipFBTurn() {
	l.next() // myScore myMagic
	l.next() // oppScore oppMagic
	n, _ := strconv.Atoi(strings.TrimSpace(l.next()))
	for i := 0; i < n; i++ {
		l.next()
	}
}
