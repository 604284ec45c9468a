package main

import (
	"io"
)

func runSimtest(in io.Reader, out io.Writer) error { return nil }
