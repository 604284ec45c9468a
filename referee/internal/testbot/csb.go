package testbot

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// play plays the bot of kind, KIND or KIND:N, and returns its exit
// status.
func play(kind string) int {
	name, arg, _ := strings.Cut(kind, ":")
	at, _ := strconv.Atoi(arg)
	switch name {
	case "silent":
		time.Sleep(time.Hour)
		return 0
	case "flood", "floodvalid":
		return flood(name)
	case "fbmove":
		return fbMove()
	case "fork":
		if err := exec.Command("sleep", "313.37").Start(); err != nil {
			return 4
		}
	}
	return race(name, at)
}

// flood never reads, and writes lines as fast as the pipe takes them:
// "garbage" for flood, a valid command for floodvalid.
func flood(name string) int {
	line := []byte("garbage\n")
	if name == "floodvalid" {
		line = []byte("8000 4500 100\n")
	}
	block := bytes.Repeat(line, 512)
	for {
		if _, err := os.Stdout.Write(block); err != nil {
			return 0
		}
	}
}

// race plays CSB: each pod heads for its next checkpoint, at the thrust
// and with the pause of name, misbehaving as name says at turn at.
func race(name string, at int) int {
	in := newLines(nil)
	out := bufio.NewWriter(os.Stdout)
	in.ints() // laps
	cps := make([][]int, in.ints()[0])
	for i := range cps {
		cps[i] = in.ints()
	}
	thrust := 100
	if name == "racer150" {
		thrust = 150
	}
	pause := pauseOf(name, at)
	for turn := 0; ; turn++ {
		var pods [4][]int
		for i := range pods {
			pods[i] = in.ints()
		}
		if turn == at {
			misbehave(name, out)
		}
		if name == "stderr" && turn == 0 {
			os.Stderr.Write(bytes.Repeat([]byte("chatty bot\n"), 4<<20/11))
		}
		if pause > 0 {
			time.Sleep(pause)
		}
		for i := 0; i < 2; i++ {
			c := cps[pods[i][5]]
			fmt.Fprintf(out, "%d %d %d\n", c[0], c[1], thrust)
		}
		out.Flush()
	}
}

// pauseOf returns the pause a turn of the racer name: 300 ms for slow,
// ms for pause:ms, none for the others.
func pauseOf(name string, ms int) time.Duration {
	switch name {
	case "slow":
		return 300 * time.Millisecond
	case "pause":
		return time.Duration(ms) * time.Millisecond
	}
	return 0
}

// misbehave does, before a racer answers its turn, what name does at
// that turn: exit, sleep, or write a line that is not a command.
func misbehave(name string, out *bufio.Writer) {
	switch name {
	case "crash":
		os.Exit(3)
	case "exit0":
		os.Exit(0)
	case "late":
		time.Sleep(2 * time.Second)
	case "invalid":
		fmt.Fprintln(out, "hello world")
	case "longline":
		out.Write(bytes.Repeat([]byte("7"), 1<<20))
		out.WriteByte('\n')
	}
}

// lines reads a bot's input a line at a time. A bot exits, with status
// 0, when its input ends.
type lines struct {
	in *bufio.Scanner
	// echo, when set, receives each line read.
	echo *os.File
}

// newLines reads the standard input, copying each line to echo when it
// is set.
func newLines(echo *os.File) *lines {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	return &lines{in: in, echo: echo}
}

// next returns the next line; at the end of the input it exits.
func (l *lines) next() string {
	if !l.in.Scan() {
		os.Exit(0)
	}
	if l.echo != nil {
		fmt.Fprintln(l.echo, l.in.Text())
	}
	return l.in.Text()
}

// ints returns the next line's integers.
func (l *lines) ints() []int {
	var v []int
	for _, f := range strings.Fields(l.next()) {
		n, _ := strconv.Atoi(f)
		v = append(v, n)
	}
	return v
}
