package sim

// TruncateMessage cuts a bot's message as an engine shows it: a message of
// at most limit UTF-16 code units is kept whole; a longer one becomes its
// first keep units and "..." (CSB: limit and keep 50; FB: limit 28, keep
// 26). Units are counted as Java's String.length does: a character beyond
// U+FFFF (an emoji) counts 2, and is never cut in half.
func TruncateMessage(m string, limit, keep int) string {
	units, cut := 0, -1
	for i, c := range m {
		n := 1
		if c >= 0x10000 {
			n = 2
		}
		if cut < 0 && units+n > keep {
			cut = i
		}
		units += n
		if units > limit {
			return m[:cut] + "..."
		}
	}
	return m
}
