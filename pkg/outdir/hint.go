package outdir

import (
	"strings"

	"knightsweep/pkg/plan"
)

// ResumeCommand returns the shell command that finishes the sweep in dir:
// command (a session's command line, the program as invoked first) without
// its -out, -resume and -shard flags, then the concrete "-shard i/N" (never
// "auto/N", which works only inside a scheduler's array), "-out dir" and
// "-resume", every word quoted for a POSIX shell where it needs it. Run and
// merge print it; pasted, it runs the missing jobs and nothing else.
func ResumeCommand(command []string, dir string, shard plan.Shard) string {
	words := []string{"experiment", "run"}
	if len(command) > 0 {
		words = words[:0]
		skipValue := false
		for _, a := range command {
			if skipValue {
				skipValue = false
				continue
			}
			name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if strings.HasPrefix(a, "-") && (name == "out" || name == "resume" || name == "shard") {
				skipValue = name != "resume" && !hasValue
				continue
			}
			words = append(words, a)
		}
	}
	if !shard.Whole() {
		words = append(words, "-shard", shard.String())
	}
	words = append(words, "-out", dir, "-resume")
	for i, w := range words {
		words[i] = ShellQuote(w)
	}
	return strings.Join(words, " ")
}

// ShellQuote quotes s for a POSIX shell when it needs it: in single quotes,
// with any single quote written as '\”.
func ShellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./,=:+@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
