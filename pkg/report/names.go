package report

import (
	"cmp"
	"html/template"
	"regexp"
	"slices"
	"strings"
	"sync"

	"knightsweep/pkg/stats"
)

// nameSpans returns a replacer that wraps every series label that holds a
// hyphen or a space, in escaped text, in a span that the page's style keeps on one line: a label such as
// warnsdorff-bt/random+luby:49 is one name, and browsers broke it after
// its hyphen ("warnsdorff-" at the end of a line, "bt/random..." on the
// next). Longer labels come first, so that a label holding a shorter one
// (dfs/random+luby:49 holds dfs/random) is wrapped whole.
func nameSpans(series []stats.Series) *strings.Replacer {
	labels := make([]string, 0, len(series))
	for _, s := range series {
		// A browser breaks a line at a hyphen or a space, not inside
		// the other labels.
		if strings.ContainsAny(s.Label, "- ") {
			labels = append(labels, template.HTMLEscapeString(s.Label))
		}
	}
	slices.SortFunc(labels, func(a, b string) int { return cmp.Or(cmp.Compare(len(b), len(a)), strings.Compare(a, b)) })
	labels = slices.Compact(labels)
	var pairs []string
	for _, l := range labels {
		pairs = append(pairs, l, `<span class="name">`+l+`</span>`)
	}
	return strings.NewReplacer(pairs...)
}

// Names writes text for the page, escaped, each series label in it kept on
// one line (nameSpans).
func (p *page) Names(text string) template.HTML {
	esc := template.HTMLEscapeString(text)
	if p.names == nil {
		return template.HTML(esc)
	}
	return template.HTML(p.names.Replace(esc))
}

// labelBreak finds where a label may break in a narrow cell: after "/",
// "+" or "@", before "[", between its parts (strategy, rule, policy).
// Compiled when first used, not at start-up (TestStartupInit).
var labelBreak = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`[^/+@\[]+(?:[/+@]|$)|\[[^\]]*\]`)
})

// Breakable writes a series label for a narrow table cell: in parts that
// may go on lines of their own, each kept whole in its span, so that
// warnsdorff-bt/random+luby:49 breaks as "warnsdorff-bt/", "random+",
// "luby:49" and never after its hyphen: head to head's two label columns,
// each with its longest label on one line, would make the table wider
// than a 1300-pixel window. A label of one part is written as Names
// writes it.
func (p *page) Breakable(label string) template.HTML {
	parts := labelBreak().FindAllString(label, -1)
	if len(parts) < 2 || strings.Join(parts, "") != label {
		return p.Names(label)
	}
	var b strings.Builder
	for i, part := range parts {
		if i > 0 {
			b.WriteString("<wbr>")
		}
		b.WriteString(`<span class="name">` + template.HTMLEscapeString(part) + `</span>`)
	}
	return template.HTML(b.String())
}
