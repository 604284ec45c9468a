// Command internalstd imports a package of another module that imports an
// internal package of the standard library.
package main

import "example.com/ext"

func main() { println(ext.LineSize) }
