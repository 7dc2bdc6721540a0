package board

// The words of the tables' values, for the tests.
var (
	MarginText = marginText
	MoverText  = moverText
)
