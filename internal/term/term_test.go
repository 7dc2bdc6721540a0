package term

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFitLine(t *testing.T) {
	assert.Equal(t, "abcdef", FitLine("abcdef", 0), "width unknown")
	assert.Equal(t, "abc", FitLine("abcdef", 4), "the last column stays free")
	assert.Equal(t, "abcdef", FitLine("abcdef", 7))
	assert.Equal(t, "abcde", FitLine("abcdef", 6))
	assert.Equal(t, "Awal", FitLine("Awalé Oware", 5), "characters, not bytes")
}
