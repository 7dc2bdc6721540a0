#!/usr/bin/env python3
"""A toy Oware (abapa rules and the presets) behind the oracle protocol, for `oware check`.

This is the example adapter of the README: a small rules implementation
(the classes Rules and Game) and the few lines that put it behind the
oracle protocol (serve). It uses the standard library only.

    oware check -- python3 testdata/check/toy_oware.py
    oware check -rules awari -- python3 testdata/check/toy_oware.py

Each request line is a JSON object {"version", "id", "rules", "start",
"moves"}; each response line gives the version, echoes the id and the
rules, and gives the legal moves and outcome at the start, then one
object per move: the position after it, the legal moves, and, optional
for `oware check`, sown, captures, grand_slam, fed, repetitions and
outcome. A move that cannot be played ends the response with an error:
its code and the ply.

--bug NAME plants a bug, so that the tests can show that `oware check`
finds it and shrinks it:

    capture-4             pits that hold 4 are captured too (R5)
    no-grand-slam         a capture of every seed is not annulled (R6)
    second-occurrence     the game ends on the second occurrence (R10)
    no-feeding            moves that do not feed an empty side are legal (R7)
    lap-origin            laps sow into the pit of origin too (R4)
    empty-side-repetition repetition is counted while a side is empty (R10)
    sweep-after-25        after a win by 25 each side takes its own seeds (D3)
    chain-off-by-one      the capture chain skips the pit before the last (R5)
    won-start             a start already won by 25 is not over (R8)
    accept-illegal        any pit is played: empty, the opponent's, after the end (R2, R7, D5)
    three-laps            the pit of origin is skipped on the first three laps only (R4)
    memory-256            the repetition count forgets plies more than 256 back (D2)
    memory-512            the same, 512 plies back (D2)
    lap-not-feeding       a lap does not count as feeding (R7)
    chain-own-side        the capture chain runs on into the mover's own pits (R5)
    legal-after-end       legal moves are listed after a repetition ends the game (D5)
    wrong-code            an empty pit is refused as the opponent's (R2)
    south-wins-ties       South wins when the tallies are equal (R11)
    repeat-3              the rules' occurrence that ends the game is taken as 3 (RepeatLimit)
    slam-annulled         every grand slam is annulled, whatever the rules (GrandSlam)
    no-even-split         the seeds are not split evenly after a repetition (EvenSplit)
    no-lone-seeds         the lone seeds stay on the board (LoneSeeds)
    ply-limit-late        the limit of plies ends the game one ply late (MaxPlies)
    no-quiet-limit        the limit of plies without a capture is ignored (MaxQuietPlies)
    crash                 the program dies on a move of 12 seeds or more
    hang                  the program stops answering on a grand slam
    garbage               the program prints a line of text on feeding
    wrong-id              the response carries another id when a game ends by R8
    no-id                 the response carries no id when a game ends by R9
    no-version            the response carries no version when a move is refused
    misspelt-field        a ply that captures says "capture" for "captures"
    extra-field           an outcome that is over also says "margin"
"""

import json
import sys
import time

LETTERS = "ABCDEFabcdef"
OPENING = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
BUG = ""


class Rules:
    """The knobs of a rule preset; the defaults are abapa's."""

    def __init__(self, grand_slam="annulled", repeat_limit=3, repeat_with_empty_side=False,
                 even_split=False, no_majority=False, majority_sweep="none",
                 lone_seeds=False, max_plies=0, max_quiet_plies=0):
        self.grand_slam = grand_slam  # annulled, captures, captures if own row empty, forbidden
        self.repeat_limit = repeat_limit  # None: no repetition rule
        self.repeat_with_empty_side = repeat_with_empty_side
        self.even_split = even_split
        self.no_majority = no_majority
        self.majority_sweep = majority_sweep  # none, own rows, if stuck
        self.lone_seeds = lone_seeds
        self.max_plies = max_plies
        self.max_quiet_plies = max_quiet_plies


PRESETS = {
    "abapa": Rules(),
    "openspiel": Rules(repeat_limit=2, repeat_with_empty_side=True, majority_sweep="own rows"),
    "aalina": Rules(repeat_limit=2, repeat_with_empty_side=True, majority_sweep="if stuck"),
    "auale": Rules(repeat_limit=2, repeat_with_empty_side=True),
    "playstrategy": Rules(repeat_limit=2, max_plies=1001),
    "board-game-rs": Rules(grand_slam="captures if own row empty", repeat_limit=None,
                           majority_sweep="if stuck", lone_seeds=True),
    "game-oware": Rules(repeat_with_empty_side=True, max_quiet_plies=500),
    "awari": Rules(grand_slam="forbidden", repeat_with_empty_side=True, even_split=True,
                   no_majority=True),
}


class Illegal(Exception):
    """A move that cannot be played; code is the protocol's error code."""

    def __init__(self, code, reason):
        super().__init__(reason)
        self.code = code
        self.reason = reason


def side(player):
    return range(6 * player, 6 * player + 6)


def number(x):
    """A tally as JSON writes it: whole, or with a half."""
    return int(x) if x == int(x) else x


class Game:
    """A position with its rules and its history since the last capture."""

    def __init__(self, text, rules):
        fields = text.split("-")
        if len(fields) != 15 or fields[14] not in ("S", "N"):
            raise ValueError("want 12 pits, 2 scores and S or N")
        counts = [int(f) for f in fields[:14]]
        if min(counts) < 0 or sum(counts) != 48:
            raise ValueError("seeds do not add up to 48")
        self.rules = rules
        self.pits = counts[:12]
        self.scores = counts[12:14]
        self.mover = 0 if fields[14] == "S" else 1
        self.plies = 0  # since the start
        self.line = [self.key()]  # the positions since the last capture
        self.history = {self.key(): 1}

    def key(self):
        return (tuple(self.pits), self.mover)

    def text(self):
        side_letter = "SN"[self.mover]
        return "-".join(str(n) for n in self.pits + self.scores) + "-" + side_letter

    def side_seeds(self, player):
        return sum(self.pits[i] for i in side(player))

    def reps(self):
        if BUG in ("memory-256", "memory-512"):
            window = int(BUG[-3:])
            return self.line[-window - 1:].count(self.key())
        return self.history[self.key()]

    def repeats(self):
        limit = self.rules.repeat_limit
        if BUG == "second-occurrence":
            limit = 2
        elif BUG == "repeat-3" and limit is not None:
            limit = 3
        if limit is None or self.reps() < limit:
            return False
        empty = self.side_seeds(0) == 0 or self.side_seeds(1) == 0
        return not empty or self.rules.repeat_with_empty_side or BUG == "empty-side-repetition"

    def feeds(self, pit):
        """Whether sowing pit reaches the opponent's side."""
        if BUG == "lap-not-feeding" and self.pits[pit] >= 12:
            return False
        return self.pits[pit] >= 6 - pit % 6

    def ended(self):
        """The reason the game is over, or None."""
        r = self.rules
        if max(self.scores) >= 25 and not r.no_majority and not (BUG == "won-start" and self.plies == 0):
            return "majority"
        quiet_limit = 0 if BUG == "no-quiet-limit" else r.max_quiet_plies
        if quiet_limit and len(self.line) - 1 >= quiet_limit:
            return "quiet limit"
        if self.repeats():
            return "repetition"
        if not self.movable():
            return "no move"
        ply_limit = r.max_plies + 1 if BUG == "ply-limit-late" and r.max_plies else r.max_plies
        if ply_limit and self.plies >= ply_limit:
            return "ply limit"
        return None

    def movable(self):
        """The moves the rules allow, whether or not the game is over."""
        full = [i for i in side(self.mover) if self.pits[i] > 0]
        starving = self.side_seeds(1 - self.mover) == 0
        feeding = [i for i in full if self.feeds(i)]
        if self.rules.grand_slam == "forbidden":
            # No move may leave the opponent without a seed, unless every
            # move does: a move that does not feed an empty side does, and
            # so does a lap that feeds it and takes back all it fed.
            keep = [i for i in (feeding if starving else full) if not self.takes_all(i)]
            return keep or full
        if starving and BUG != "no-feeding":
            return feeding
        return full

    def takes_all(self, pit):
        """Whether playing pit would leave the opponent without a seed."""
        saved = (list(self.pits), list(self.scores))
        sown, last = self.sow(pit)
        run = self.run(last)
        left = self.side_seeds(1 - self.mover) - sum(c["seeds"] for c in run)
        self.pits, self.scores = saved
        return run != [] and left == 0

    def legal(self):
        if self.ended() and not (BUG == "legal-after-end" and self.ended() == "repetition"):
            return []
        return self.movable()

    def outcome(self):
        reason = self.ended()
        if reason is None:
            return {"over": False, "reason": "not over", "rule": None, "winner": None,
                    "draw": False, "tallies": {"South": 0, "North": 0}}
        r = self.rules
        own = [self.scores[p] + self.side_seeds(p) for p in (0, 1)]
        tallies = own
        if reason == "majority":
            sweep = r.majority_sweep
            if BUG == "sweep-after-25":
                sweep = "own rows"
            if sweep == "none" or sweep == "if stuck" and self.movable() and not self.repeats():
                tallies = list(self.scores)
        elif reason == "repetition" and r.even_split and BUG != "no-even-split":
            rest = self.side_seeds(0) + self.side_seeds(1)
            tallies = [self.scores[p] + rest / 2 for p in (0, 1)]
        winner = None
        if tallies[0] != tallies[1] and reason != "ply limit":
            winner = "South" if tallies[0] > tallies[1] else "North"
        elif BUG == "south-wins-ties" and reason != "ply limit":
            winner = "South"
        rule = {"majority": "R8", "no move": "R9", "repetition": "R10"}.get(reason)
        outcome = {"over": True, "reason": reason, "rule": rule, "winner": winner,
                   "draw": winner is None,
                   "tallies": {"South": number(tallies[0]), "North": number(tallies[1])}}
        if BUG == "extra-field":
            outcome["margin"] = abs(tallies[0] - tallies[1])
        return outcome

    def sow(self, pit):
        seeds, self.pits[pit], sown, at, laps = self.pits[pit], 0, [], pit, 0
        while seeds > 0:
            at = (at + 1) % 12
            if at == pit and BUG != "lap-origin" and not (BUG == "three-laps" and laps == 3):
                laps += 1
                continue
            self.pits[at] += 1
            sown.append(at)
            seeds -= 1
        return sown, at

    def run(self, last):
        """The pits the capture rule takes after the last seed fell in last."""
        opponent = 1 - self.mover
        counts = (2, 3, 4) if BUG == "capture-4" else (2, 3)
        run, at = [], last
        if last not in side(opponent):
            return run
        while len(run) < 12 and (at in side(opponent) or BUG == "chain-own-side") \
                and self.pits[at % 12] in counts:
            run.append({"pit": at % 12, "seeds": self.pits[at % 12]})
            at -= 2 if BUG == "chain-off-by-one" else 1
        return run

    def capture(self, last):
        """The captures of the move, and the run of an annulled grand slam."""
        run = self.run(last)
        taken = sum(c["seeds"] for c in run)
        if run and taken == self.side_seeds(1 - self.mover) and BUG != "no-grand-slam":
            mode = self.rules.grand_slam
            if BUG == "slam-annulled":
                mode = "annulled"
            captures = mode in ("captures", "forbidden") or \
                mode == "captures if own row empty" and self.side_seeds(self.mover) == 0
            if not captures:
                return [], run
        return run, []

    def lone_seeds(self):
        """Whether two lone seeds are left, 5 or 6 pits apart from the mover's first pit."""
        if not self.rules.lone_seeds or BUG == "no-lone-seeds":
            return False
        if self.side_seeds(0) + self.side_seeds(1) != 2:
            return False
        order = [(6 * self.mover + k) % 12 for k in range(12)]
        at = [k for k, pit in enumerate(order) if self.pits[pit] == 1]
        return len(at) == 2 and at[1] - at[0] in (5, 6)

    def play(self, text):
        if text in LETTERS and len(text) == 1:
            pit = LETTERS.index(text)
        elif text.isdigit() and text == str(int(text)) and int(text) < 12:
            pit = int(text)
        else:
            raise Illegal("bad_move", "not a pit letter A-F, a-f or number 0-11")
        if BUG != "accept-illegal":
            self.refuse(pit)
        if BUG == "crash" and self.pits[pit] >= 12:
            raise RuntimeError("toy: laps are not implemented")
        fed = self.side_seeds(1 - self.mover) == 0
        seeds = self.pits[pit]
        sown, last = self.sow(pit)
        captures, annulled = self.capture(last)
        if BUG == "hang" and annulled:
            time.sleep(3600)
        for c in captures:
            self.pits[c["pit"]] = 0
            self.scores[self.mover] += c["seeds"]
        scored = captures != []
        if self.lone_seeds():
            self.pits = [0] * 12
            self.scores = [self.scores[0] + 1, self.scores[1] + 1]
            scored = True
        fed = fed and self.side_seeds(1 - self.mover) > 0
        self.mover = 1 - self.mover
        self.plies += 1
        if scored:
            self.line, self.history = [], {}
        self.line.append(self.key())
        self.history[self.key()] = self.history.get(self.key(), 0) + 1
        ply = {"move": LETTERS[pit], "position": self.text(), "legal": self.letters(),
               "sown": sown, "captures": captures,
               "captured": sum(c["seeds"] for c in captures),
               "grand_slam": annulled != [], "fed": fed, "repetitions": self.reps(),
               "outcome": self.outcome()}
        if annulled:
            ply["annulled"] = annulled
        if BUG == "misspelt-field" and captures:
            ply["capture"] = ply.pop("captures")
        return ply

    def refuse(self, pit):
        """Raises Illegal unless pit is a legal move, with the reason the protocol gives."""
        if self.ended():
            raise Illegal("game_over", "game is over")
        if pit not in side(self.mover):
            raise Illegal("not_your_pit", "pit is not on the mover's side")
        if self.pits[pit] == 0:
            if BUG == "wrong-code":
                raise Illegal("not_your_pit", "pit is not on the mover's side")
            raise Illegal("empty_pit", "pit is empty")
        if pit not in self.movable():
            if self.side_seeds(1 - self.mover) == 0:
                raise Illegal("must_feed", "move does not feed the opponent")
            raise Illegal("grand_slam", "move would take every seed of the opponent")

    def letters(self):
        return [LETTERS[i] for i in self.legal()]


def answer(request):
    """The response object for one decoded request."""
    response = {"version": 1, "id": request.get("id")}
    name = request.get("rules")
    if name is not None:
        response["rules"] = name
    if name is not None and name not in PRESETS:
        response["error"] = {"code": "bad_rules", "reason": "no such rules"}
        return response
    start = request.get("start") or OPENING
    try:
        game = Game(start, PRESETS[name or "abapa"])
    except ValueError as e:
        response["start"] = start
        response["error"] = {"code": "bad_start", "reason": str(e)}
        return response
    response.update(start=game.text(), legal=game.letters(), outcome=game.outcome(), plies=[])
    for n, move in enumerate(request.get("moves") or [], 1):
        try:
            response["plies"].append(game.play(move))
        except Illegal as e:
            response["error"] = {"code": e.code, "reason": e.reason, "ply": n, "move": move}
            if BUG == "no-version":
                del response["version"]
            break
        if BUG == "garbage" and response["plies"][-1]["fed"]:
            print("fed! the toy is pleased")
        if BUG == "wrong-id" and game.ended() == "majority":
            response["id"] = "not this one"
        if BUG == "no-id" and game.ended() == "no move":
            del response["id"]
    return response


def serve():
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError as e:
            response = {"version": 1, "id": None, "error": {"code": "bad_json", "reason": str(e)}}
        else:
            response = answer(request)
        print(json.dumps(response, separators=(",", ":")), flush=True)


BUGS = ("capture-4", "no-grand-slam", "second-occurrence", "no-feeding", "lap-origin",
        "empty-side-repetition", "sweep-after-25", "chain-off-by-one", "won-start",
        "accept-illegal", "three-laps", "memory-256", "memory-512", "lap-not-feeding",
        "chain-own-side", "legal-after-end", "wrong-code", "south-wins-ties", "repeat-3", "slam-annulled",
        "no-even-split", "no-lone-seeds", "ply-limit-late", "no-quiet-limit",
        "crash", "hang", "garbage", "wrong-id", "no-id", "no-version", "misspelt-field",
        "extra-field")

if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--bug" and sys.argv[2] in BUGS:
        BUG = sys.argv[2]
    elif len(sys.argv) != 1:
        sys.exit("usage: toy_oware.py [--bug NAME], NAME one of " + ", ".join(BUGS))
    serve()
