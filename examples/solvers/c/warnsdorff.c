/*
 * A one-process-a-run solver for experiment run (docs/solvers.md):
 * Warnsdorff's rule in C, printing the grid of move numbers 1..N, as the
 * published solvers do, or a one-line JSON status when it gets stuck.
 *
 *     cc -O2 -o warnsdorff examples/solvers/c/warnsdorff.c
 *     experiment run -sizes 5-12 -strategies warnsdorff,c \
 *         -solver 'c=./warnsdorff {rows} {cols} {row} {col}'
 *
 * The move order is the classic one, and ties go to the first move in it:
 * the built-in warnsdorff strategy's rule, so the two agree run for run.
 */
#include <stdio.h>
#include <stdlib.h>

static const int dr[8] = {2, 1, -1, -2, -2, -1, 1, 2};
static const int dc[8] = {1, 2, 2, 1, -1, -2, -2, -1};

static int rows, cols;
static int *step; /* move number of each square, 0 if free */

static int on(int r, int c) { return r >= 0 && r < rows && c >= 0 && c < cols; }

static int freeDegree(int r, int c) {
    int n = 0;
    for (int k = 0; k < 8; k++)
        if (on(r + dr[k], c + dc[k]) && !step[(r + dr[k]) * cols + c + dc[k]])
            n++;
    return n;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: warnsdorff ROWS COLS ROW COL\n");
        return 2;
    }
    rows = atoi(argv[1]);
    cols = atoi(argv[2]);
    int r = atoi(argv[3]), c = atoi(argv[4]);
    if (rows < 1 || cols < 1 || !on(r, c)) {
        fprintf(stderr, "warnsdorff: bad board or start\n");
        return 2;
    }
    step = calloc((size_t)rows * cols, sizeof *step);
    if (!step) {
        fprintf(stderr, "warnsdorff: out of memory\n");
        return 1;
    }
    step[r * cols + c] = 1;
    for (int m = 2; m <= rows * cols; m++) {
        int best = -1, bestDeg = 9;
        for (int k = 0; k < 8; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (on(nr, nc) && !step[nr * cols + nc]) {
                int d = freeDegree(nr, nc);
                if (d < bestDeg) {
                    best = k;
                    bestDeg = d;
                }
            }
        }
        if (best < 0) {
            /* Stuck. Empty output would say "no tour" too, but as the
             * claim of a search that tried everything (exhausted); a
             * greedy walk says what happened, in one JSON object. */
            printf("{\"status\": \"dead_end\", \"nodes\": %d}\n", m - 1);
            return 0;
        }
        r += dr[best];
        c += dc[best];
        step[r * cols + c] = m;
    }
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++)
            printf("%4d", step[i * cols + j]);
        printf("\n");
    }
    return 0;
}
