// Package view shows replays in a web browser: a page that lists replays,
// draws Coders Strike Back and Fantastic Bits to scale and plays them turn
// by turn, with each bot's output, messages, stderr and response times.
//
// The page is plain HTML, CSS and JavaScript embedded in the binary
// (assets/): no build step and no network. The JavaScript parses the view
// lines of any replay, ours or CodinGame's own, so the Go side only lists,
// normalises and diffs replays.
//
// Entry points:
//   - [NewServer] serves the page and its JSON endpoints for the replays
//     under some files or folders (see [Server] for the routes).
//   - [WriteHTML] and [ExportFile] write one self-contained page for one
//     replay, to open from file:// or to share.
//   - [Normalize] turns any replay file into the JSON the page reads.
//   - [DiffReplay] replays a replay through our referee and, on a mismatch,
//     gives the page both states of the first mismatching frame (ghosts) and
//     the list of differing fields.
package view
