// Package embed embeds a file.
package embed

import _ "embed"

// Data is the content of data.txt.
//
//go:embed data.txt
var Data string
