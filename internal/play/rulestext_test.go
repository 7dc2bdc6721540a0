package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWrap(t *testing.T) {
	assert.Equal(t, "one two\nthree\nfour", wrapText("one two three four", 9))
	assert.Equal(t, "averyveryverylongword\nx", wrapText("averyveryverylongword x", 5), "a longer word has a line of its own")
}
