// Package csb stands for the Coders Strike Back simulator.
package csb

// Name is the game's name.
const Name = "CodersStrikeBack"
