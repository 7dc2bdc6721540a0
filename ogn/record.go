package ogn

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/seed3966233f/oware"
)

// gameReader reads one game for a Reader.
type gameReader struct {
	r     *Reader
	lim   Limits
	g     Game
	phase phase
	check bool     // replay the plies as they are read and check the result
	rep   replayer // the replay, once the first ply is read
	tags  int      // tag pairs read
	seen  [3]bool  // Variant, Result and FEN read
	// The result of the Result tag and where that tag is.
	tagResult Result
	tagAt     mark
	comments  int // bytes of comments kept
	// numbered tells that a move number was read; numbers are the
	// differences between the numbers of the game and the counts of
	// moveNumber, the writer's and Aualé's.
	numbered bool
	numbers  [2]int
}

// record reads a game in OGN or in PlayStrategy's export format.
func (gr *gameReader) record() error {
	gr.phase = tagPhase
	gr.g.Start = oware.Start().Board()
	switch {
	case gr.r.Rules != nil:
		gr.g.Rules = *gr.r.Rules
	case gr.r.Format == PlayStrategy:
		gr.g.Rules = playStrategyRules // PlayStrategy's games are played by its rules
	}
	if err := gr.tagSection(); err != nil {
		return err
	}
	gr.g.Tags = orderTags(gr.g.Tags)
	gr.phase = movePhase
	gr.rep.aualeMarks = gr.g.Rules == auale
	gr.rep.start(gr.g.StartPosition())
	res, resAt, err := gr.movetext()
	if err != nil {
		return err
	}
	switch {
	case res.Kind != NoResult && gr.seen[1] && res != gr.tagResult:
		return gr.r.errAt(resAt, ErrResult,
			fmt.Sprintf("result %q disagrees with the Result tag %q", res, gr.tagResult))
	case gr.seen[1]:
		gr.g.Result, resAt = gr.tagResult, gr.tagAt
	case res.Kind != NoResult:
		gr.g.Result = res
	default:
		gr.g.Result, resAt = Result{Kind: Unfinished}, gr.r.here()
	}
	if gr.check {
		if err := gr.rep.finish(gr.g.Result); err != nil {
			err.Game, err.Line = gr.r.games, resAt.line
			return err
		}
	}
	return nil
}

// tagSection reads the tag pairs of a game: the lines that begin with a
// tag pair, one after the other; an empty line or a line that does not
// begin with "[" ends it.
func (gr *gameReader) tagSection() error {
	r := gr.r
	for {
		c, ok := r.peek()
		if !ok || c != '[' {
			return nil
		}
		at := r.here()
		if gr.tags++; gr.tags > gr.lim.Tags {
			return r.errAt(at, ErrLimit, fmt.Sprintf("more than %d tags (limit Tags)", gr.lim.Tags))
		}
		name, value, err := gr.tag()
		if err != nil {
			return err
		}
		if err := gr.keepTag(at, name, value); err != nil {
			return err
		}
		if lineEnded := r.skipLineEnd(); lineEnded && r.skipLineEnd() {
			return nil // an empty line ends the tag section
		}
	}
}

// keepTag puts a tag pair read at at into the game.
func (gr *gameReader) keepTag(at mark, name, value string) error {
	r := gr.r
	if gr.r.Format == PlayStrategy {
		name = playStrategyTagName(name)
	}
	reserved := slices.Index(reservedTags[:], name)
	if reserved >= 0 && gr.seen[reserved] || reserved < 0 && gr.hasTag(name) {
		return r.errAt(at, ErrSyntax, fmt.Sprintf("tag %s appears twice", name))
	}
	if reserved >= 0 {
		gr.seen[reserved] = true
	}
	switch name {
	case "Variant":
		return gr.variant(at, value)
	case "Result":
		res, err := ParseResult(value)
		if err != nil || res.Kind == NoResult || gr.r.Format == PlayStrategy && res.Kind == Tallies {
			return r.errAt(at, ErrSyntax, fmt.Sprintf("Result tag %q is not a result", value))
		}
		gr.tagResult, gr.tagAt = res, at
	case "FEN":
		b, err := ParseBoardOrFEN(value)
		if err != nil {
			var pe *oware.ParseError
			if errors.As(err, &pe) {
				return r.errAt(at, err, fmt.Sprintf("FEN tag %q: byte %d: %s", value, pe.Offset, pe.Msg))
			}
			return r.errAt(at, err, fmt.Sprintf("FEN tag %q is not a position", value))
		}
		gr.g.Start = b
	default:
		gr.g.Tags = append(gr.g.Tags, Tag{Name: name, Value: value})
	}
	return nil
}

// reservedTags are the tags that the fields of a Game state.
var reservedTags = [...]string{"Variant", "Result", "FEN"}

// hasTag reports whether the game already has a tag of that name.
func (gr *gameReader) hasTag(name string) bool {
	for _, t := range gr.g.Tags {
		if t.Name == name {
			return true
		}
	}
	return false
}

// variant checks a Variant tag read at at and keeps its value.
func (gr *gameReader) variant(at mark, value string) error {
	ps := gr.r.Format == PlayStrategy
	if !ps {
		gr.g.Variant = value
	}
	switch {
	case gr.r.Rules != nil:
		return nil // the reader's rules hold whatever the tag says
	case ps && value == playStrategyVariant:
		return nil // PlayStrategy's own rules, which the game has
	}
	rules, err := variantRules(value)
	if err != nil {
		label := Variant
		if ps {
			label = playStrategyVariant
		}
		return gr.r.errAt(at, err, fmt.Sprintf("variant %q is neither %q nor the name of rules: %s", value, label, strings.Join(oware.RulesNames(), ", ")))
	}
	gr.g.Rules = rules
	return nil
}

// tag reads a tag pair [Name "value"], which is on one line.
func (gr *gameReader) tag() (name, value string, err error) {
	r := gr.r
	open := r.here()
	r.take() // '['
	r.skipBlanks()
	from := r.here()
	r.buf = r.buf[:0]
	for c, ok := r.peek(); ok && isWordByte(c); c, ok = r.peek() {
		if len(r.buf) == gr.lim.Tag {
			return "", "", r.errAt(from, ErrLimit, fmt.Sprintf("tag name longer than %d bytes (limit Tag)", gr.lim.Tag))
		}
		r.buf = append(r.buf, r.take())
	}
	name = string(r.buf)
	if name == "" {
		return "", "", r.errAt(from, ErrSyntax, "tag without a name")
	}
	r.skipBlanks()
	if c, ok := r.peek(); !ok || c != '"' {
		return "", "", r.errAt(r.here(), ErrSyntax, fmt.Sprintf("tag %s: value must be in double quotes", name))
	}
	r.take()
	value, err = gr.tagValue(open, name)
	if err != nil {
		return "", "", err
	}
	r.skipBlanks()
	if c, ok := r.peek(); !ok || c != ']' {
		return "", "", r.errAt(r.here(), ErrSyntax, fmt.Sprintf("tag %s: missing \"]\"", name))
	}
	r.take()
	return name, value, nil
}

// tagValue reads the value of tag name, which opened at open, up to and
// including its closing quote.
func (gr *gameReader) tagValue(open mark, name string) (string, error) {
	r := gr.r
	r.buf = r.buf[:0]
	for {
		c, ok := r.peek()
		switch {
		case !ok:
			return "", r.errAt(open, ErrSyntax, fmt.Sprintf("tag %s: value has no closing quote", name))
		case c == '\n' || c == '\r':
			return "", r.errAt(r.here(), ErrSyntax, fmt.Sprintf("tag %s: line break in the value", name))
		case len(r.buf) == gr.lim.Tag && c != '"':
			return "", r.errAt(open, ErrLimit, fmt.Sprintf("tag %s: value longer than %d bytes (limit Tag)", name, gr.lim.Tag))
		}
		r.take()
		switch c {
		case '"':
			return string(r.buf), nil
		case '\\':
			if n, ok := r.peek(); ok && (n == '"' || n == '\\') {
				c = r.take()
			}
		}
		r.buf = append(r.buf, c)
	}
}

// movetext reads the movetext of a game, up to the end of the input, the
// next tag section, the move number "1." after a move that begins the next
// game, or the result token, and returns that result and where it is
// (NoResult when the movetext has none).
func (gr *gameReader) movetext() (Result, mark, error) {
	r := gr.r
	for {
		r.skipSpace()
		c, ok := r.peek()
		if !ok || c == '[' {
			return Result{}, mark{}, nil
		}
		if c == '1' && len(gr.g.Moves) > 0 && r.atFirstNumber() {
			return Result{}, mark{}, nil // the next game, without tags
		}
		at := r.here()
		res, err := gr.movetextItem(c)
		if err != nil {
			return Result{}, mark{}, err
		}
		if res.Kind != NoResult {
			return res, at, nil
		}
	}
}

// movetextItem reads one item of movetext that begins with c: a comment, a
// variation, a ply, a move number or a result, which it returns.
func (gr *gameReader) movetextItem(c byte) (Result, error) {
	r := gr.r
	at := r.here()
	switch {
	case c == '{':
		return Result{}, gr.comment()
	case c == '(':
		return Result{}, gr.variation()
	case gr.r.Format == PlayStrategy && 'a' <= c && c <= 'f':
		return Result{}, gr.playStrategyPly()
	case gr.r.Format == OGN && ('A' <= c && c <= 'F' || 'a' <= c && c <= 'f'):
		return Result{}, gr.ply()
	case '0' <= c && c <= '9' || c == '*':
		return gr.numberOrResult()
	case c == ')' || c == '}':
		return Result{}, r.errAt(at, ErrSyntax, fmt.Sprintf("%q without its opening bracket", c))
	}
	return Result{}, r.errAt(at, ErrSyntax, "unexpected "+quoteByte(c))
}

// comment reads a comment {…} and gives its text, with runs of white space
// turned into single spaces, to the last ply read or to the game. A
// comment ends at the latest before a line that begins a game.
func (gr *gameReader) comment() error {
	r := gr.r
	open := r.here()
	r.take()
	r.buf = r.buf[:0]
	for {
		c, ok := r.peek()
		if !ok || r.atGameLine(gr.numbersBeginGames()) {
			return r.errAt(open, ErrSyntax, "comment has no closing \"}\"")
		}
		r.take()
		if c == '}' {
			break
		}
		if len(r.buf) == gr.lim.Comment {
			return r.errAt(open, ErrLimit, fmt.Sprintf("comment longer than %d bytes (limit Comment)", gr.lim.Comment))
		}
		r.buf = append(r.buf, c)
	}
	if gr.comments += len(r.buf); gr.comments > gr.lim.Comments {
		return r.errAt(open, ErrLimit, fmt.Sprintf("comments of the game longer than %d bytes in all (limit Comments)", gr.lim.Comments))
	}
	text := strings.Join(strings.Fields(string(r.buf)), " ")
	if n := len(gr.g.Moves); n > 0 {
		gr.g.Moves[n-1].Comments = append(gr.g.Moves[n-1].Comments, text)
	} else {
		gr.g.Comments = append(gr.g.Comments, text)
	}
	return nil
}

// variation skips a variation (…), nested variations and comments
// included, keeping nothing. Like a comment, it ends at the latest before
// a line that begins a game.
func (gr *gameReader) variation() error {
	r := gr.r
	open := r.here()
	depth := 0
	for {
		at := r.here()
		if _, ok := r.peek(); !ok || r.atGameLine(gr.numbersBeginGames()) {
			return r.errAt(open, ErrSyntax, "variation has no closing \")\"")
		}
		switch r.take() {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return nil
			}
		case '{':
			if !r.skipComment(gr.numbersBeginGames()) {
				return r.errAt(at, ErrSyntax, "comment has no closing \"}\"")
			}
		}
	}
}

// numbersBeginGames reports whether a line that begins with the move
// number "1." begins a game, and so ends a comment or a variation left
// open: in a game without tags, or after a move. Before the first move
// of a game with tags, such a line is the game's own first move.
func (gr *gameReader) numbersBeginGames() bool {
	return gr.tags == 0 || len(gr.g.Moves) > 0
}

// ply reads an OGN ply: a pit letter and its capture mark.
func (gr *gameReader) ply() error {
	r := gr.r
	at := r.here()
	ply := Ply{Move: pitOfLetter(r.take())}
	m := ply.Move
	if c, ok := r.peek(); ok && c == '+' {
		r.take()
		from := r.here()
		digits, long := gr.digits()
		n, ok := smallNumber(digits)
		if long || !ok || n == 0 {
			return r.errAt(from, ErrSyntax, fmt.Sprintf("capture mark of %s must be a number of seeds from 1 to 48", m))
		}
		ply.Captured = n
	}
	if c, ok := r.peek(); ok && !isDelim(c) {
		return r.errAt(r.here(), ErrSyntax, fmt.Sprintf("unexpected %s after the move %s", quoteByte(c), m))
	}
	if err := gr.addPly(at, ply); err != nil {
		return err
	}
	if gr.check {
		return gr.play(at, ply)
	}
	return nil
}

// pitOfLetter returns the move of a pit letter, "A"–"F" or "a"–"f".
func pitOfLetter(c byte) oware.Move {
	if c >= 'a' {
		return oware.Move(c - 'a' + oware.PitsPerSide)
	}
	return oware.Move(c - 'A')
}

// digits takes a run of decimal digits and returns at most 3 of them, and
// whether there were more.
func (gr *gameReader) digits() (string, bool) {
	r := gr.r
	var d [3]byte
	n := 0
	for c, ok := r.peek(); ok && '0' <= c && c <= '9'; c, ok = r.peek() {
		r.take()
		if n == len(d) {
			return string(d[:]), true
		}
		d[n] = c
		n++
	}
	return string(d[:n]), false
}

// addPly appends a ply read at at to the game, within the limit of plies.
func (gr *gameReader) addPly(at mark, ply Ply) error {
	if gr.g.Moves == nil {
		gr.g.Moves = make([]Ply, 0, 64)
	}
	if len(gr.g.Moves) == gr.lim.Plies {
		return gr.r.errAt(at, ErrLimit, fmt.Sprintf("more than %d plies (limit Plies)", gr.lim.Plies))
	}
	gr.g.Moves = append(gr.g.Moves, ply)
	return nil
}

// play replays the last ply, read at at, and checks its capture mark.
func (gr *gameReader) play(at mark, ply Ply) error {
	eff, err := gr.rep.play(len(gr.g.Moves), ply)
	if err == nil {
		err = gr.rep.checkMark(len(gr.g.Moves), ply, eff)
	}
	if err != nil {
		err.Game, err.Line = gr.r.games, at.line
		return err
	}
	return nil
}

// moveNumber checks a move number n, read at at: it must be the number
// of the move that follows, as the writer counts (a number before each of
// South's plies, and "1..." before a first ply of North's, as PGN counts)
// or as Aualé does (every other ply from the first, whoever plays it). A
// game from a set-up position (a FEN tag) may count on from the number of
// its position: its first number sets where the count starts.
func (gr *gameReader) moveNumber(at mark, n int) error {
	i := len(gr.g.Moves)
	northFirst := 0
	if gr.g.Start.ToMove() == oware.North {
		northFirst = 1
	}
	counts := [2]int{(i+northFirst)/2 + 1, i/2 + 1}
	if !gr.numbered && gr.seen[2] {
		gr.numbers = [2]int{n - counts[0], n - counts[1]}
	}
	gr.numbered = true
	if n-counts[0] == gr.numbers[0] || n-counts[1] == gr.numbers[1] {
		return nil
	}
	return gr.r.errAt(at, ErrSyntax, fmt.Sprintf("move number %d where move %d comes", n, counts[0]+gr.numbers[0]))
}

// numberOrResult reads a move number such as "12." or "12...", which it
// checks (see moveNumber) and skips, or a result token, which it returns.
func (gr *gameReader) numberOrResult() (Result, error) {
	r := gr.r
	at := r.here()
	var tok [8]byte
	n, long := 0, false
	keep := func(c byte) {
		if n < len(tok) {
			tok[n], n = c, n+1
		} else {
			long = true
		}
	}
	for c, ok := r.peek(); ok && '0' <= c && c <= '9'; c, ok = r.peek() {
		keep(r.take())
	}
	if c, ok := r.peek(); n > 0 && tok[0] != '*' && ok && c == '.' && !long {
		digits := n
		for c, ok := r.peek(); ok && c == '.'; c, ok = r.peek() {
			keep(r.take())
		}
		if dots := n - digits; !long && (dots == 1 || dots == 3) {
			number, _ := strconv.Atoi(string(tok[:digits]))
			return Result{}, gr.moveNumber(at, number)
		}
		s := string(tok[:n])
		if long {
			s += "…"
		}
		return Result{}, r.errAt(at, ErrSyntax, fmt.Sprintf("%q is neither a move number nor a result", s))
	}
	for c, ok := r.peek(); ok && !isDelim(c); c, ok = r.peek() {
		keep(r.take())
	}
	s := string(tok[:n])
	res, err := ParseResult(s)
	if long || err != nil || gr.r.Format == PlayStrategy && res.Kind == Tallies {
		if long {
			s += "…"
		}
		return Result{}, r.errAt(at, ErrSyntax, fmt.Sprintf("%q is neither a move number nor a result", s))
	}
	return res, nil
}
