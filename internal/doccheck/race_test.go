//go:build race

package doccheck

// underRace: the tests run under the race detector. The snippets and the
// transcripts run in processes of their own, built without it, so running
// them again under it finds nothing and costs CI minutes; they skip.
const underRace = true
