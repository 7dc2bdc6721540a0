#!/usr/bin/env python3
"""A toy Oware (abapa rules) behind the oracle protocol, for `oware check`.

This is the example adapter of the README: a small rules implementation
(the class Game) and the few lines that put it behind the oracle protocol
(serve). It uses the standard library only.

    oware check -- python3 testdata/check/toy_oware.py

Each request line is a JSON object {"id", "start", "moves"}; each response
line echoes the id and gives the legal moves and outcome at the start, then
one object per move: the position after it, the legal moves, and, optional
for `oware check`, sown, captures, grand_slam, fed, repetitions and outcome.

--bug NAME plants a bug, so that the tests can show that `oware check`
finds it and shrinks it:

    capture-4             pits that hold 4 are captured too (R5)
    no-grand-slam         a capture of every seed is not annulled (R6)
    second-occurrence     the game ends on the second occurrence (R10)
    no-feeding            moves that do not feed an empty side are legal (R7)
    lap-origin            laps sow into the pit of origin too (R4)
    empty-side-repetition repetition is counted while a side is empty (R10)
    sweep-after-25        after a win by 25 each side takes its own seeds (R8, D3)
    chain-off-by-one      the capture chain skips the pit before the last (R5)
    crash                 the program dies on a move of 12 seeds or more
    hang                  the program stops answering on a grand slam
    garbage               the program prints a line of text on feeding
    wrong-id              the response carries another id when a game ends by R8
"""

import json
import sys
import time

LETTERS = "ABCDEFabcdef"
OPENING = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
BUG = ""


class Illegal(Exception):
    """A move that cannot be played; code is the protocol's error code."""

    def __init__(self, code, reason):
        super().__init__(reason)
        self.code = code
        self.reason = reason


def side(player):
    return range(6 * player, 6 * player + 6)


class Game:
    """A position with its repetition history since the last capture."""

    def __init__(self, text):
        fields = text.split("-")
        if len(fields) != 15 or fields[14] not in ("S", "N"):
            raise ValueError("want 12 pits, 2 scores and S or N")
        counts = [int(f) for f in fields[:14]]
        if min(counts) < 0 or sum(counts) != 48:
            raise ValueError("seeds do not add up to 48")
        self.pits = counts[:12]
        self.scores = counts[12:14]
        self.mover = 0 if fields[14] == "S" else 1
        self.history = {self.key(): 1}

    def key(self):
        return (tuple(self.pits), self.mover)

    def text(self):
        side_letter = "SN"[self.mover]
        return "-".join(str(n) for n in self.pits + self.scores) + "-" + side_letter

    def side_seeds(self, player):
        return sum(self.pits[i] for i in side(player))

    def reps(self):
        return self.history[self.key()]

    def feeds(self, pit):
        """Whether sowing pit reaches the opponent's side."""
        return self.pits[pit] >= 6 - pit % 6

    def ended(self):
        """The reason the game is over, or None."""
        if max(self.scores) >= 25:
            return "majority"
        empty = self.side_seeds(0) == 0 or self.side_seeds(1) == 0
        if self.reps() >= (2 if BUG == "second-occurrence" else 3):
            if not empty or BUG == "empty-side-repetition":
                return "repetition"
        if not self.movable():
            return "no move"
        return None

    def movable(self):
        starving = self.side_seeds(1 - self.mover) == 0 and BUG != "no-feeding"
        return [i for i in side(self.mover)
                if self.pits[i] > 0 and (not starving or self.feeds(i))]

    def legal(self):
        return [] if self.ended() else self.movable()

    def outcome(self):
        reason = self.ended()
        if reason is None:
            return {"over": False, "reason": "not over", "rule": None, "winner": None,
                    "draw": False, "tallies": {"South": 0, "North": 0}}
        tallies = list(self.scores)
        if reason != "majority" or BUG == "sweep-after-25":
            tallies = [tallies[p] + self.side_seeds(p) for p in (0, 1)]
        winner = None
        if tallies[0] != tallies[1]:
            winner = "South" if tallies[0] > tallies[1] else "North"
        rule = {"majority": "R8", "no move": "R9", "repetition": "R10"}[reason]
        return {"over": True, "reason": reason, "rule": rule, "winner": winner,
                "draw": winner is None, "tallies": {"South": tallies[0], "North": tallies[1]}}

    def sow(self, pit):
        seeds, self.pits[pit], sown, at = self.pits[pit], 0, [], pit
        while seeds > 0:
            at = (at + 1) % 12
            if at == pit and BUG != "lap-origin":
                continue
            self.pits[at] += 1
            sown.append(at)
            seeds -= 1
        return sown, at

    def capture(self, last):
        """The pits the last seed captures, and whether that is a grand slam."""
        opponent = 1 - self.mover
        counts = (2, 3, 4) if BUG == "capture-4" else (2, 3)
        run, at = [], last
        while at in side(opponent) and self.pits[at] in counts:
            run.append({"pit": at, "seeds": self.pits[at]})
            at -= 2 if BUG == "chain-off-by-one" else 1
        taken = sum(c["seeds"] for c in run)
        slam = run != [] and taken == self.side_seeds(opponent) and BUG != "no-grand-slam"
        return run, slam

    def play(self, text):
        if text in LETTERS:
            pit = LETTERS.index(text)
        elif text.isdigit() and int(text) < 12:
            pit = int(text)
        else:
            raise Illegal("bad_move", "not a pit letter A-F, a-f or number 0-11")
        if self.ended():
            raise Illegal("game_over", "game is over")
        if pit not in side(self.mover):
            raise Illegal("not_your_pit", "pit is not on the mover's side")
        if self.pits[pit] == 0:
            raise Illegal("empty_pit", "pit is empty")
        if pit not in self.movable():
            raise Illegal("must_feed", "move does not feed the opponent")
        if BUG == "crash" and self.pits[pit] >= 12:
            raise RuntimeError("toy: laps are not implemented")
        fed = self.side_seeds(1 - self.mover) == 0
        sown, last = self.sow(pit)
        run, slam = self.capture(last)
        if BUG == "hang" and slam:
            time.sleep(3600)
        captures = [] if slam else run
        for c in captures:
            self.pits[c["pit"]] = 0
            self.scores[self.mover] += c["seeds"]
        self.mover = 1 - self.mover
        if captures:
            self.history = {}
        self.history[self.key()] = self.history.get(self.key(), 0) + 1
        ply = {"move": LETTERS[pit], "position": self.text(), "legal": self.letters(),
               "sown": sown, "captures": captures,
               "captured": sum(c["seeds"] for c in captures),
               "grand_slam": slam, "fed": fed, "repetitions": self.reps(),
               "outcome": self.outcome()}
        if slam:
            ply["annulled"] = run
        return ply

    def letters(self):
        return [LETTERS[i] for i in self.legal()]


def answer(request):
    """The response object for one decoded request."""
    response = {"version": 1, "id": request.get("id")}
    start = request.get("start") or OPENING
    try:
        game = Game(start)
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
            break
        if BUG == "garbage" and response["plies"][-1]["fed"]:
            print("fed! the toy is pleased")
        if BUG == "wrong-id" and game.ended() == "majority":
            response["id"] = "not this one"
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
        "empty-side-repetition", "sweep-after-25", "chain-off-by-one",
        "crash", "hang", "garbage", "wrong-id")

if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--bug" and sys.argv[2] in BUGS:
        BUG = sys.argv[2]
    elif len(sys.argv) != 1:
        sys.exit("usage: toy_oware.py [--bug NAME], NAME one of " + ", ".join(BUGS))
    serve()
