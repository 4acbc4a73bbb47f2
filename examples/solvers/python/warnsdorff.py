#!/usr/bin/env python3
"""A stdio solver for experiment run (docs/solvers.md): Warnsdorff's rule.

It reads one JSON request a line and answers each with one JSON line: the
status, the tour as squares row*cols+col from the start, and the nodes it
entered. From each square it moves to the free neighbour with the fewest
free onward moves, ties to the first in the request's move order: the
built-in warnsdorff strategy's rule, so the two agree run for run.

    experiment run -sizes 5-12 -strategies warnsdorff,py \
        -solver 'py=stdio:python3 examples/solvers/python/warnsdorff.py'
"""
import json
import sys


def parse_order(text):
    moves = []
    for pair in text.split():
        dr, dc = pair.split(",")
        moves.append((int(dr), int(dc)))
    return moves


def solve(req):
    rows, cols = req["rows"], req["cols"]
    moves = parse_order(req.get("order") or "2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1")
    n = rows * cols
    neighbours = []
    for sq in range(n):
        r, c = divmod(sq, cols)
        neighbours.append([(r + dr) * cols + c + dc for dr, dc in moves
                           if 0 <= r + dr < rows and 0 <= c + dc < cols])
    free = [len(nb) for nb in neighbours]
    visited = [False] * n

    def visit(sq):
        visited[sq] = True
        for v in neighbours[sq]:
            free[v] -= 1

    sq = req["start"][0] * cols + req["start"][1]
    visit(sq)
    tour = [sq]
    while len(tour) < n:
        best = None
        for v in neighbours[sq]:
            if not visited[v] and (best is None or free[v] < free[best]):
                best = v
        if best is None:
            return {"status": "dead_end", "nodes": len(tour), "backtracks": 0}
        sq = best
        visit(sq)
        tour.append(sq)
    if req.get("closed") and tour[0] not in neighbours[tour[-1]]:
        return {"status": "not_closed", "nodes": n, "backtracks": 0}
    return {"status": "found", "tour": tour, "nodes": n, "backtracks": 0}


def main():
    for line in sys.stdin:
        req = json.loads(line)
        if req.get("version") != 1:
            ans = {"status": "error", "error": "this solver speaks protocol version 1"}
        else:
            ans = solve(req)
        ans["id"] = req.get("id", 0)
        sys.stdout.write(json.dumps(ans) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
