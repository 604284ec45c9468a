package engine

// TooltipSource is implemented by a Game whose own events make tooltips
// (Java's addToolTip from inside the referee, as Fantastic Bits' "$0
// scored" and "$0 Accio!"). The host takes them each time it dumps a frame
// and sends them as the Variant says, with its own.
type TooltipSource interface {
	// TakeTooltips returns the tooltips added since the last call.
	TakeTooltips() []Tooltip
}
