// Command experiment runs experiments on the knight's tour problem: sweeps
// of board sizes, start squares and search strategies, each run checked by
// an independent validator and written as one row of runs.csv, and the
// report that compares the strategies. This comment is its manual
// (go doc knightsweep/cmd/experiment); docs/ in the repository has the file
// formats, the statistics, the strategies, the cluster recipes and the
// measurements.
//
// Usage:
//
//	experiment [command] [flags]
//
// With no command, experiment runs the embedded quick preset (run -config
// quick) into results/<timestamp>/ and writes its report. The commands:
//
//	run      sweep boards x start squares x strategies into runs.csv
//	solve    solve one board from one start square and print the tour
//	count    count every directed tour from a square, or from every square
//	exact    walk every tie of a randomised greedy rule: its exact success probability
//	theory   whether a tour starts at each square, and what says so
//	report   summarise runs.csv files: summary tables, charts and report.html
//	merge    combine the shards of a sweep (run -shard i/N) into one, with its report
//	version  print the program's version and commit
//
// Flags may be given as -flag value or -flag=value; "experiment COMMAND -h"
// (or "experiment help COMMAND") lists a command's flags; -version is
// "experiment version".
//
// # Exit status
//
// 0 when the command did its work (a sweep that completed, whatever its
// searches found; a search that ran, whatever its outcome); 2 for bad input
// (a flag, a file, a flag combination that cannot mean what it asks: the
// message names the flag and what it accepts, and nothing already written is
// lost); 130 when interrupted by Ctrl-C, Ctrl-\, SIGTERM or SIGHUP (a sweep prints the command
// that resumes it); 1 for a runtime failure, such as a full disk (every row
// already written stays, and the sweep can be resumed). Where stdout's reader
// stops reading (experiment theory ... | head -1): 0 if the output asked for
// is complete, else 130 as for an interrupt; never SIGPIPE's 141. An unknown
// strategy, flag or preset is refused with the nearest name ("did you mean
// centre?").
//
// Bad input is refused before any work starts. Every path a command will
// write (run's and merge's -out, exact's -out, solve's -tour-out and -png, count's
// -checkpoint, report's -out or the first runs.csv's directory, and the
// report's own files and charts directory in it) is checked first: a
// directory where one is wanted, a file name where a file is, in a
// directory this user can write in; missing directories on the way are made
// when the command writes; a file there this user cannot write (read-only,
// immutable) is refused too, in every command. A symbolic link is written through (the file it
// leads to is replaced, the link stays); a link to nothing, or into /proc
// as /dev/stdout is, is refused, and so are -tour-out and -png naming one
// file. Inside a directory the program owns (run's and merge's -out,
// exact's -work, the report's directory and its charts), a symbolic link
// where it writes a file (.lock, runs.csv, manifest.json, report.html, a
// chart) is never written through: it is refused, exit 2, naming the link.
// Every command takes -sizes and -starts, read alike (count takes all or
// one square, solve one); an empty -starts is refused, as an empty -sizes
// is (leave the flag out for the command's default).
// What an input file holds (a runs.csv read by report, merge or run
// -resume, a count's -checkpoint) is input too: a malformed line, another
// header, a row twice, another count's checkpoint is exit status 2, naming
// the file and the line or the flag. A runs.csv (for report, merge and
// run -resume) and a -config file may start with a UTF-8 byte-order mark
// and end their lines in CRLF, as spreadsheets and Windows editors save
// them. A result computed before a late write fails (a full disk) is
// printed before the error.
//
// # experiment run
//
//	experiment run [-config FILE] -sizes LIST [-starts all] [-strategies LIST] [flags]
//
// Runs one search per board x start square x strategy (x tie-break rule x
// trial), on every core, costliest first, into -out DIR: runs.csv (one row a
// run, docs/runs.md), manifest.json (what was run, by which build, how it
// ended), tours/ (one tour a board, for the report's pictures), then the
// report (see report) unless -no-report. Before it starts it prints the plan
// (runs, output directory, expected time from the cost model); on a terminal
// it shows progress; at the end, the table of every series and board (runs
// that found a tour, runs stopped by a budget, median nodes and time, and,
// where a randomised series has one, its ERT: ">=" where a budget stopped
// runs) and where the report is. Every flag is checked before any job
// starts.
//
//	-sizes LIST        boards: N (N x N), A-B (every N x N from A to B) or RxC,
//	                   comma-separated, such as 5-8,10,6x8; sides 1..20000; required
//	-starts S          all (default), corners, solvable (the squares theory
//	                   does not rule out: on boards up to 41 x 41, where it
//	                   settles every start, exactly those with a tour; see
//	                   experiment theory; a board it leaves no start on,
//	                   such as 5x5 with -closed, is named on the plan's
//	                   line and contributes nothing; if no board has one,
//	                   -starts is refused, exit 2), or row,col squares
//	                   separated by semicolons, such as "0,0;2,3". The
//	                   plan's line says how many of the starts theory
//	                   leaves unknown (beyond 41 x 41), as "108 starts, of
//	                   which 108 theory leaves unknown (beyond 41 x 41)"
//	-strategies LIST   comma-separated strategies, or all (default
//	                   dfs,warnsdorff,warnsdorff-bt); boards and starts a
//	                   strategy cannot take are left out, with a note
//	-order O           move order: 8 offsets "2,1 1,2 ..." or the literature's
//	                   digits "34261578" (default: the classic DFS program's,
//	                   2,1 1,2 -1,2 -2,1 -2,-1 -1,-2 1,-2 2,-1), or random:
//	                   dfs tries the untried moves of every square in a
//	                   uniformly random order drawn from the job's seed (a
//	                   randomised series, order column "random"); the other
//	                   strategies run the default order
//	-tiebreak LIST     tie-break rules of warnsdorff and warnsdorff-bt: first
//	                   (default), random, pohl, roth; each rule is a series of
//	                   its own
//	-restarts LIST     restart policies of the randomised backtracking runs
//	                   (dfs -order random, warnsdorff-bt -tiebreak random),
//	                   separated by semicolons (a comma works where the next
//	                   policy begins with its name), each a series of its own:
//	                   none (default), fixed:C (restart every C nodes), luby:U
//	                   (Luby's sequence 1,1,2,1,1,2,4,... times U nodes),
//	                   geometric:C,F (C, C*F, C*F^2, ... nodes). Every attempt
//	                   draws a fresh order from a seed derived from the job's
//	                   and its index; -max-nodes and -timeout bound the whole
//	                   run; nodes is the total over the attempts and the
//	                   restarts column how many were made. The other runs
//	                   never restart; a list that no run takes is refused, as
//	                   is fixed:C (or geometric:C,1) without -max-nodes or
//	                   -timeout (a cut attempt proves nothing, so a start
//	                   without a tour would never end) or with C below a
//	                   board's squares, and a policy whose first cutoff is
//	                   not below -max-nodes (it would never restart)
//	-trials K          run each randomised job (-tiebreak random, -order
//	                   random) K times
//	-seed S            base seed of the randomised jobs; each job's seed is a
//	                   hash of S and the job, recorded in the seed column
//	-prune             prune dead branches in the strategies that can (dfs,
//	                   warnsdorff-bt)
//	-closed            ask for closed tours
//	-max-nodes N       stop each search after N nodes (status node_limit)
//	-timeout D         stop each search after D, such as 30s (status timeout)
//	-workers N         searches at once, 1..4096 (default: the usable CPUs); a
//	                   search on several cores (parberry, large boards) takes
//	                   that many
//	-mem-limit M       bound the summed memory estimates of the searches running
//	                   at once: 512MB, 4GiB, or 0 for none (default: the tightest
//	                   of half the machine's memory, the cgroup's limit and
//	                   Slurm's SLURM_MEM_PER_NODE or SLURM_MEM_PER_CPU)
//	-out DIR           output directory (default results/<timestamp>); new or
//	                   empty unless -resume
//	-resume            continue the sweep in -out: run only the jobs without a row
//	                   (the plan counts those left); refused when another build
//	                   of experiment wrote its rows
//	-allow-mixed-builds  resume even so (the manifest keeps each session's
//	                   build, and the report names the mix)
//	-shard i/N         run only shard i of N (0 <= i < N <= 16384), or auto/N
//	                   with i from $SLURM_ARRAY_TASK_ID or $JOB_COMPLETION_INDEX
//	-save-tours        add a tour column: the squares of each tour found
//	-solver NAME=CMD   declare an external solver, a strategy -strategies may
//	                   name (repeatable; in flag files too): one process a
//	                   run, CMD's placeholders {rows} {cols} {row} {col}
//	                   {closed} {seed} {max_nodes} {timeout_ms} replaced, or
//	                   stdio:CMD, one process a worker answering JSON lines
//	                   (docs/solvers.md); CMD is split as a shell would split
//	                   it, no shell runs it. Each run is limited (-timeout:
//	                   SIGTERM to its process group, SIGKILL after 0.5 s),
//	                   measured (cpu_ns, max_rss_bytes) and its tour checked
//	                   by the validator; a failure is a row with status
//	                   error, and the end of run names each solver with
//	                   error rows: how many, the first reason and its
//	                   stderr. An argument that looks like a file (x.py, a
//	                   path) and is none is refused before any work. The
//	                   manifest records each solver's command,
//	                   what it resolved to (the program's and every file
//	                   argument's absolute path) and their sha256: -resume,
//	                   shards and merge refuse a changed one, saying what
//	                   changed, and take the same files spelled otherwise
//	                   (./s.py for s.py, or a path from another directory).
//	                   NAME may not be a built-in, "all", over 64 bytes, or
//	                   unused by -strategies; a command line's NAME replaces a -config
//	                   file's, a file's solver that the command line's
//	                   -strategies does not name is left out (the file's
//	                   own -strategies must name it), and one NAME twice on
//	                   the command line is refused.
//	                   A CMD holding {seed}, or random:CMD (random:stdio:CMD),
//	                   is randomised: its runs repeat for -trials, each with
//	                   its job's seed (the request's seed, and seed_text in
//	                   decimal for parsers of doubles); {timeout_ms} and the
//	                   request's timeout_ms round -timeout up to a whole ms
//	-solver-mem-limit M  address space of each solver process (RLIMIT_AS),
//	                   0 for none (default: -mem-limit divided among -workers),
//	                   at least 16 MiB; the plan shows it. A run whose
//	                   process ends abnormally under it, saying it ran out
//	                   of memory or with a peak within an eighth of it, is
//	                   an error "over the memory limit of ..."
//	-config FILE       read flags from FILE (one a line, # comments) or an
//	                   embedded preset; the command line overrides it. FILE
//	                   is a command line kept in a file: its paths (-out, a
//	                   -solver's program and files) are the current
//	                   directory's, as if typed there, not FILE's directory's.
//	                   A preset's name is the preset even beside a file of
//	                   that name: -config ./quick reads the file. A value
//	                   may be quoted, "..." as in Go or '...' as in a shell
//	-plan              print the plan and exit, running and writing nothing
//	-force             run a sweep refused as runaway (expected over 24 hours, or
//	                   searches without a budget from starts with no tour)
//	-quiet             print no plan and no progress on stderr
//	-no-report         write no report at the end (the table is printed)
//
// The presets (configs/*.flags, compiled in): quick (boards 5..8, the
// default), dfs-vs-warnsdorff (5..12), closed (closed tours), overnight
// (5..30, hours); quick, dfs-vs-warnsdorff and overnight run -starts
// solvable, the starts with a tour (add -starts all for every start),
// as they ask how strategies find tours; restarts (randomised dfs and warnsdorff-bt from corners,
// without restarts, with the predicted best fixed cutoff and with Luby's
// sequence: the run-length distributions and what restarts do to them). Each file's header says what it covers and what it costs
// on 2 cores; run -plan prints the cost model's estimate for any sweep.
//
// The estimate ("expected:") is this machine's: the cost model's per-node
// costs were measured on the development machine, and another machine, or
// this one while other work shares its cores, is slower or faster by a
// factor no model knows. So before a sweep the model expects to take 2 s
// or more, run (and run -plan) spends 0.15 s on a trial of the sweep's own
// first jobs, cut short, on every worker at once (up to the cores), and
// scales the model by what each strategy's nodes took; the line gives both
// figures ("the cost model's 8.6s x 1.62"). The progress meter's time left starts from the
// same costs and learns from the runs as they finish, at the pace of the last half of the
// sweep so far (30 s at least), so that it follows a machine that slows down or speeds up
// during the sweep. The randomised runs (-tiebreak random, -order random)
// of one board, strategy, tie-break and restart policy are draws of one
// random process, whose cost the model can only guess: the first 10 of
// each (and of its starts without a tour, if any) run before all other
// runs, and the time left weighs each one's remaining runs by what its
// runs so far took against the model. Progress lines (when
// stderr is not a terminal) come every 10 s; $KNIGHTSWEEP_PROGRESS_EVERY
// (a duration such as 1m) sets another interval.
//
// Without a budget (-max-nodes or -timeout) a plain dfs from most squares of
// 7x7 and up runs for years: give one. A run stopped by its budget is
// censored: the report never averages it as a measurement.
//
// # experiment solve
//
//	experiment solve -sizes N | -rows R -cols C [-starts R,C] [-strategy S] [flags]
//
// Solves one board from one start square and prints the step-number grid
// (boards up to 40 x 40) and a line: status, nodes, backtracks, time,
// verified.
//
//	-sizes N, -sizes RxC, -rows R -cols C   the board (sides 1..20000);
//	                   -size N is an alias of -sizes N
//	-starts R,C        start square, 0-indexed from the top-left (default
//	                   0,0); -start R,C is an alias
//	-strategy S        dfs (default), warnsdorff, warnsdorff-bt, parberry,
//	                   squirrel-cull
//	-order O, -tiebreak R, -seed N, -closed, -prune, -max-nodes N, -timeout D
//	                   as for run (one rule, one seed); -order random with
//	                   dfs; a sweep's row replays exactly from its seed
//	-restarts P        one restart policy, as for run; the line adds
//	                   restarts=K
//	-mem-limit M       refuse a search whose memory estimate is over M
//	-workers N         cores the search may use (default: all). On a board
//	                   of up to 64 squares, dfs and warnsdorff-bt (tie-break
//	                   first, without -prune) split their walk across them
//	                   and still report exactly what one core would: the
//	                   same tour, nodes, backtracks and status (a search
//	                   stopped by -timeout reports the nodes all cores
//	                   entered); parberry builds its quadrants in parallel;
//	                   the other searches use one core
//	-json              print one JSON object: the run's row as a sweep writes
//	                   it to runs.csv, each column by its name (rows, cols,
//	                   start_row, start_col, strategy, tiebreak, closed,
//	                   trial, seed, status, solvable, nodes, backtracks,
//	                   time_ns, verified, order, prune, max_nodes,
//	                   timeout_ns, restart_policy, restarts, cpu_ns,
//	                   max_rss_bytes, and error when there is one; null for
//	                   a count not known), and tour:
//	                   the squares, row*cols+col, up to 1,000,000 squares
//	-tour-out FILE     write the tour found: the binary .ktour format, or the
//	                   step grid if FILE ends in .txt (docs/strategies.md)
//	-solver NAME=CMD, -solver-mem-limit M
//	                   an external solver for -strategy, as for run; the
//	                   line says nodes=- when it reports none
//	-png FILE          draw the tour found as a PNG (boards up to 200 x 200)
//
// # experiment count
//
//	experiment count -sizes N | -rows R -cols C [-starts R,C | -starts all | -total] [-closed] [flags]
//
// Counts every directed tour (a tour and its reverse count twice; a closed
// tour twice from each of its squares) from one square, from every square
// with -starts all (a grid and its total), or from all squares together with
// -total. Two methods (docs/counting.md): enumeration walks every tour with
// strong pruning (boards of at most 64 squares); the frontier method adds up
// counts of frontier states without listing a tour, from both ends of the
// board until they meet (boards up to 8 squares across, of any length).
// Enumeration counts the open tours of a square board of up to 36 squares
// from every square (-starts all, -total) by their halves: the paths of half
// a tour, added up by their squares and last square, then joined (6x6 in
// about 0.1 s); with -checkpoint it walks every tour instead, which can
// resume.
// -method auto enumerates boards of up to 36 squares that are 5 or more
// across and boards of up to 30 squares, and uses the frontier for the
// rest.
//
//	-sizes N, -sizes RxC, -rows R -cols C   the board, one (-size N is an
//	                   alias of -sizes N)
//	-starts R,C        count the tours from this square (default 0,0);
//	                   -start R,C is an alias
//	-starts all        count from every square: the grid of counts and the total
//	-total             the total from every square without the grid: one
//	                   frontier pass where -starts all makes one per class of
//	                   symmetric squares
//	-closed            count closed tours
//	-method M          auto (default), enumerate or frontier
//	-workers N         searches at once (default: one per core)
//	-timeout D         stop after D and print the partial counts (a lower bound,
//	                   marked +; exit status 1)
//	-mem-limit M       stop a frontier count, with exit status 1 and its
//	                   estimate, before a square or a join that would need
//	                   more memory, or before the allocation that would pass
//	                   it (the states take 9/10 of M; default as for run)
//	-checkpoint FILE   save the count's progress to FILE (the frontier: both
//	                   sides' last finished squares and the parts of the
//	                   join done; enumeration: its finished subtrees; the
//	                   directory is made at the start) and resume from FILE
//	                   when it is there; removed once the count completes;
//	                   a save that fails stops the count (exit 1, after
//	                   the counts so far, marked +); the file ends in a
//	                   CRC-32C of all it holds: a damaged one (a byte
//	                   changed, cut), one written before the checksum, a
//	                   file of another count or method, or no checkpoint at
//	                   all, is refused as bad input (exit 2), saying what
//	                   to do, and left as it was
//	-checkpoint-every D  how often to save (default 10m; 0: after every
//	                   square and every part of a join, or for enumeration
//	                   at most once a second); also saved when -timeout, an
//	                   interrupt or -mem-limit stops the count
//	-json              one JSON object: count, nodes (the squares entered; for
//	                   the frontier method, the states it expanded), time_ns, complete, rows, cols,
//	                   closed, method, and start_row, start_col or total (and
//	                   grid with -starts all); the frontier adds peak_states;
//	                   resumed when it started from a checkpoint; count,
//	                   total and grid are exact integers, past 2^64 too
//
// # experiment exact
//
//	experiment exact -sizes BOARDS [-starts all|corners|LIST] [-tiebreak RULE] [-closed] [flags]
//	experiment exact -merge -out FILE SHARD-FILE...
//
// Computes what a randomised greedy rule does from each start, exactly, by
// walking every way its ties can fall (package knightsweep/pkg/exact,
// docs/strategies.md): the probability that the walk is a tour (closed
// with -closed), as an exact fraction on boards of up to 64 squares and a
// decimal everywhere (beyond 64 squares a float64 with a rigorous error
// bound beside it); the number of distinct tours the rule can produce and
// of distinct walks; and the probability that a walk stops after each
// number of squares. -sizes and -starts take what run takes; starts that a
// symmetry of the board maps to each other are walked once. With -starts
// all each board's probabilities are printed as a grid, then one line a
// class of symmetric starts; otherwise one line a start.
//
//	-sizes BOARDS      N, A-B or RxC, comma-separated, as run takes them
//	-starts S          all, corners (default), solvable or "R,C;R,C"
//	-tiebreak RULE     random (default; warnsdorff -tiebreak random),
//	                   pohl-random and roth-random (Pohl's and Roth's rules,
//	                   their remaining ties broken uniformly at random), or
//	                   the deterministic first, pohl and roth (probability 0
//	                   or 1, one walk)
//	-closed            succeed only with a closed tour
//	-workers N         goroutines (default: one per core): several starts at
//	                   once when there are many, else one start's tie points
//	                   split among them
//	-mem-limit SIZE    bound the memory (default as count's); the frontier
//	                   method spills to disk past it; the memo goes on
//	                   without its tables: slower, the same answer
//	-method M          memo (tie points in hash tables in memory),
//	                   frontier (each depth's tie points as records sorted
//	                   and merged by key, spilled to disk in sorted runs
//	                   past -mem-limit: memory bounded by the limit alone,
//	                   whatever the board), or auto (default: frontier with
//	                   -work or past 64 squares, where it takes about 0.6
//	                   times the memo's CPU time; the memo otherwise); the
//	                   same figures either way
//	-work DIR          the frontier method's checkpoints, a directory a
//	                   start under DIR, kept at every depth boundary: an
//	                   interrupt or a kill loses the depth under way at
//	                   most, and the same command goes on from there (a
//	                   changed one, or a damaged checkpoint, is refused:
//	                   each manifest's figures carry a CRC-32C, as each
//	                   run's bytes do; a directory of format 3, whose runs
//	                   are not delta-encoded, goes on; an older one is
//	                   refused). One exact at a time holds DIR: another
//	                   exits 2 at once, naming the process that holds it
//	-out FILE          write the exact CSV (columns rows, cols, start_row,
//	                   start_col, closed, rule, probability,
//	                   probability_fraction, error_bound, tours, walks,
//	                   fail_length, states, time_ns, crc32c;
//	                   docs/strategies.md), replaced whole (atomically) as
//	                   each start ends, so that a crash never leaves part
//	                   of a row; run again, the starts it holds are not
//	                   walked again (resume); a damaged or edited row (its
//	                   crc32c), or a row of another -tiebreak or -closed,
//	                   is refused (exit 2), as are -float's rows beside
//	                   exact ones (one FILE holds one kind)
//	-json              one JSON object a start, a line each: rows, cols,
//	                   start_row, start_col, closed, rule, probability,
//	                   probability_fraction, error_bound, tours, walks,
//	                   fail_length (a list of length, probability,
//	                   probability_fraction), states, peak_states, nodes,
//	                   time_ns (and peak_disk, the most bytes the frontier
//	                   method's runs took on disk, where it spilled);
//	                   probability_fraction is null beyond 64
//	                   squares; in the order of -sizes and -starts, with
//	                   the starts -out already held (from their rows)
//	-float             float64 probabilities with their bound even up to 64
//	                   squares
//	-plain             walk every tie without the memo, on one core (a check)
//	-shard i/N         walk only shard i of N (auto/N: i from
//	                   $SLURM_ARRAY_TASK_ID or $JOB_COMPLETION_INDEX): the
//	                   classes of symmetric starts dealt costliest first,
//	                   each to the shard of least estimated cost so far
//	                   (the cost model: a board's corner's tie points,
//	                   growing some 20% a square; a class on a mirror line
//	                   of the board weighs half of one off them); needs
//	                   -out, beside which FILE.shard.json keeps the
//	                   command, -method (-work, -plain), the shard and the
//	                   build; the same -out with another of them is refused
//	-check             check the flags and print each shard's start
//	                   classes and share of the estimated cost, walking
//	                   nothing (configs/slurm-exact.sh's check)
//	-merge             combine the -out FILEs of every shard of one command
//	                   (arguments, or patterns) into -out: the rows one run
//	                   would have written, in its order (past 64 squares
//	                   the error bounds depend on the method and on each
//	                   walk's -workers and -mem-limit: one run's with the
//	                   shards' own); a shard missing, given twice,
//	                   unfinished, or of another command, -method, split
//	                   or build, or holding rows FILE.shard.json does not
//	                   deal it, is refused (exit 2), nothing written;
//	                   experiment merge given such files does the same
//
// Progress goes to stderr (a bar on a terminal): the class of symmetric
// starts under way of all, the classes done, the time left over them all
// (the wall time so far over the share of the cost model's estimate
// done); the frontier method's also the depth, the tie points of the
// depth, the most memory the depth held beside -mem-limit, the disk in
// use and the walk's time left. An interrupt exits 130 after printing the
// starts finished, in the format and order the whole run would have used
// (a start not walked is "-" in a grid); they are in -out too, the walks
// under way in -work, and the same command goes on from there, class
// after class.
// A refusal prints nothing on stdout.
//
// # experiment theory
//
//	experiment theory -sizes BOARDS [-starts all|LIST] [-closed] [-json] [-tours]
//
// Prints, for each start, whether a tour (open, or closed with -closed)
// starts there (yes, no or unknown: the runs.csv solvable column's words)
// and what the verdict rests on (package knightsweep/pkg/theory,
// docs/strategies.md): a theorem (schwenk, conrad, colour, outer-rank,
// narrow), the exact count of the directed tours from the start (3 x n,
// 4 x n, 5x5 to 5x9), or a certificate, a stored tour named by the search
// that finds it (warnsdorff -tiebreak random -seed S from one of its
// ends). Every start of every board whose sides are both at most 41 is
// yes or no; beyond, a start no theorem settles is unknown, and the line
// says why. A certificate is replayed and its tour checked by the
// validator each time a start rests on it (a certificate that fails is an
// error, exit 1). One line a start, in the order of -sizes and of a
// -starts list (each board's squares row by row otherwise), as exact's,
// then a line of totals. A write error is exit 1.
//
//	-sizes BOARDS      N, A-B or RxC, comma-separated, as run takes them;
//	                   at most 10,000,000 starts in all
//	-starts S          all (default), corners, solvable or "R,C;R,C"
//	-closed            closed tours (Schwenk's theorem settles every start)
//	-json              one JSON object a start, a line each, in solve
//	                   -json's words: rows, cols, start_row, start_col,
//	                   closed, solvable, and backing (theorem, count,
//	                   certificate or none) with theorem, count (an exact
//	                   integer), certificate (the search and its ends) or
//	                   why, and tour with -tours
//	-tours             print the tour a certificate gives from the start:
//	                   the squares row*cols+col, the start first
//
// # experiment report
//
//	experiment report [-out DIR] [-by-file] [-png] [-pdf] runs.csv [runs.csv ...]
//
// Summarises runs.csv files given together as one data set (the shards of a
// sweep; a job twice is an error): series.csv (each series over all its
// boards), summary.csv (each series on each board), headtohead.csv (paired
// comparisons: McNemar's exact test on success, the signed-rank test on the
// cost where both succeeded, the sign test on which needed less to find a
// tour, Holm's adjustment), charts/ (SVG) and
// report.html, one page that opens offline. docs/report.md has the columns and
// the statistics.
//
// Run lengths: for every series and board with at least 20 runs from starts
// with a tour, the page draws the Kaplan–Meier survival of nodes,
// P(nodes > x), log-log (charts/survival-RxC), and gives the expected
// running time (ERT, COCO's: nodes of all runs over runs that found a tour)
// with a bootstrap interval, the tail index with its verdict, and, for the
// trials of a randomised series, the best fixed restart cutoff c*, its cost,
// and Luby's sequence; summary.csv has them as ert_nodes, ert_nodes_lo,
// ert_nodes_hi, ert_time_ns, tail_index, tail_index_lo, tail_index_hi,
// restart_cutoff and restart_ert_nodes.
//
//	-out DIR           write the report into DIR (default: the first file's
//	                   directory)
//	-by-file           keep each file's runs in series of their own, to compare
//	                   repeated sweeps
//	-png, -pdf         write every chart and tour picture as PNG, or PDF (for
//	                   LaTeX), too
//	-mem-limit M       refuse input whose size could need more memory than M
//	-quiet             print nothing but errors
//	-exact             beside each sampled rate of a randomised greedy rule
//	                   (warnsdorff -tiebreak random), its exact probability
//	                   (experiment exact), with the check that the rate's
//	                   Wilson interval covers it (outside it, an oddity and a
//	                   warning), and each board's map of exact probabilities;
//	                   computed for boards of up to 64 squares and kept in
//	                   exact.csv in the report's directory
//	-exact-from FILE   the same, with the probabilities of FILE (experiment
//	                   exact -out), for boards of any size; not with -exact
//
// # experiment merge
//
//	experiment merge -out DIR [-no-report] results/x/shard-0 results/x/shard-1 ...
//
// Combines the shards of one sweep (directories, their runs.csv, or a pattern
// such as "results/x/shard-*/", which merge expands itself) into DIR: exactly
// the rows a single run would have written, a manifest, and the report. It
// refuses shards of different sweeps, a shard twice and a job twice, and,
// when jobs are missing, names each incomplete shard with the command that
// finishes it (-shard 3/8, never auto). It also refuses shards whose rows
// different builds of experiment wrote (a binary rebuilt while a cluster's
// tasks waited): two builds may compute different rows.
//
// A merge that was stopped (Ctrl-C, a time limit, an evicted pod) is
// finished by running it again: into a directory that already holds the
// rows it writes, byte for byte, and no manifest or a merge's (an earlier
// merge of the same shards, finished or not), merge is done again, and
// files there that it does not write are left alone. A DIR whose runs.csv
// holds other rows, or that holds a run's manifest, is refused.
//
// Given the files of exact -shard i/N (FILE.shard.json beside each), merge is
// exact -merge: -out is the merged CSV, a file (a directory is refused, exit 2).
//
//	-out DIR           the merged sweep's directory: new, empty, or one a
//	                   merge of the same shards wrote
//	-no-report         write no report
//	-allow-mixed-builds  merge rows of several builds (the merged manifest
//	                   keeps each session's build, and the report names the mix)
//
// # experiment version
//
// Prints the module version, the commit the binary was built from (+dirty
// when the tree had changes) and the Go version; manifest.json records the
// same.
package main
