package stats

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/gocarina/gocsv"
)

func TestWriteSummaryCSV(t *testing.T) {
	res := readSmall(t)
	var b bytes.Buffer
	if err := WriteSummaryCSV(&b, res.Summaries()); err != nil {
		t.Fatal(err)
	}
	header, _, _ := strings.Cut(b.String(), "\n")
	if header != strings.Join(SummaryColumns, ",") {
		t.Errorf("header %s\nwant   %s", header, strings.Join(SummaryColumns, ","))
	}
	golden(t, "summary.golden.csv", b.Bytes())

	// It reads back as written.
	var back []Summary
	if err := gocsv.UnmarshalString(b.String(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back) != len(res.Groups) || back[1].Series != "dfs, prune" || back[0].SuccessLo != res.Groups[0].SuccessLo {
		t.Errorf("read back %+v", back)
	}

	// No attempts from solvable starts: empty rate fields, not NaN.
	b.Reset()
	s := Summary{Series: "x", SolvableRate: Float(math.NaN()), SolvableLo: Float(math.NaN()), SolvableHi: Float(math.NaN())}
	if err := WriteSummaryCSV(&b, []Summary{s}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "NaN") || !strings.Contains(b.String(), ",0,0,,,,0,") {
		t.Errorf("NaN rates written as %q", b.String())
	}
	b.Reset()
	if err := WriteSummaryCSV(&b, nil); err != nil || b.String() != strings.Join(SummaryColumns, ",")+"\n" {
		t.Errorf("empty summary.csv = %q, %v", b.String(), err)
	}
}
