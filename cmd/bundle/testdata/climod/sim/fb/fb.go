// Package fb stands for the Fantastic Bits simulator.
package fb

// Name is the game's name.
const Name = "FantasticBits"
