package board

// The words of the tables' values, for the tests.
var (
	MarginText = marginText
	MoverText  = moverText
)

// ScoreLine words a line of the analysis, for the tests.
var ScoreLine = scoreLine
