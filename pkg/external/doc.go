// Package external runs knight's-tour solvers written by anyone, in any
// language, as strategies of a sweep: it parses their declaration, starts
// them under limits, measures them, and reads their answers. What their
// answers mean is then checked by package tour's validator, as for every
// built-in strategy.
//
// # Declaring a solver
//
// A solver is declared as NAME=COMMAND (the -solver flag). COMMAND is split
// into words as a POSIX shell would split it (quotes and backslashes work),
// but no shell runs it: a variable, a command substitution, a glob or a
// redirection is refused rather than silently taken literally. Two modes:
//
//   - One process a run (the default). The placeholders {rows} {cols} {row}
//     {col} {closed} {seed} {max_nodes} {timeout_ms} in the words are
//     replaced for each run; any other {word} is refused. The request is
//     also written to the process's stdin as one JSON line (see Request),
//     which it may ignore.
//   - One process a worker (COMMAND begins with "stdio:"). The process
//     starts once and answers one JSON request a line with one answer a
//     line. It is started again when it dies or a timeout kills it. Each
//     start is followed by a warm-up request, the 1x1 board, answered
//     within Limits.Startup before any measured request, so that no run
//     pays for the process's start.
//
// # Answers
//
// A run's stdout (one process a run) is one of: a grid of move numbers,
// rows lines of cols integers numbered 1..N or 0..N-1; one square a line,
// "r c" or "r,c", in tour order; or one JSON object shaped like
// experiment solve -json's (Answer). Empty output with exit status 0 says
// that the solver found no tour. In stdio mode every answer is an Answer
// on one line, and a line written before its request was sent is refused:
// it would shift every later answer onto the wrong request. An answer whose
// row runs.Row.Check would refuse is an error row, as it arrives.
//
// # Limits and measurement
//
// Each process runs in a process group of its own. A timeout sends SIGTERM
// to the group and SIGKILL after a grace period; when the solver exits,
// whatever is left of its group is killed, so no process outlives its run;
// a reaper (reaper.go) kills the groups of a harness that is itself killed.
// Every wait on a process's pipes ends within the grace period.
// A memory limit is RLIMIT_AS (address space), set on the solver's
// process stopped at its exec, before it runs (see start); a process that ends
// abnormally under it is over the limit where the evidence says so: its
// own words about a failed allocation, or a peak near the limit (see
// memory.go). Stdout is read up to a cap and the group is killed beyond
// it; stderr keeps only its first line and its tail, for error messages.
//
// A run's time counts from its process's exec, where the process stops
// traced (see start), to its exit (one process a run), or from the request
// written to the answer read (stdio), so that neither counts the harness's
// own work. CPU time is user plus system time of the solver and of the
// children it waited for, from the kernel's accounting at exit less what
// it had used at its exec stop (one process a run), or the process's CPU clock read before and after a request
// (stdio). Peak resident memory (max_rss) is the kernel's at exit, where it
// is above the harness's own (a child's peak counts the memory of the
// process it was started from, so one below it is unknown); a stdio
// process's peak is not a run's, so stdio runs leave it unknown.
package external
