package report

import (
	"encoding/csv"
	"fmt"
	"math"
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// checkHeadToHead checks headtohead.csv's counts, exact McNemar p-values and
// median node ratios against what it works out from runs.csv by itself:
// the runs paired by board, start and trial, with none of stats' code.
func checkHeadToHead(t *testing.T, runsPath, h2hPath string) {
	t.Helper()
	type run struct {
		found bool
		nodes int64
	}
	// runs[board][strategy][start and trial]
	runs := map[string]map[string]map[string]run{}
	for _, r := range readCSV(t, runsPath) {
		b := r["rows"] + "x" + r["cols"]
		if runs[b] == nil {
			runs[b] = map[string]map[string]run{}
		}
		if runs[b][r["strategy"]] == nil {
			runs[b][r["strategy"]] = map[string]run{}
		}
		nodes, err := strconv.ParseInt(r["nodes"], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		runs[b][r["strategy"]][r["start_row"]+","+r["start_col"]+"/"+r["trial"]] = run{r["status"] == "found", nodes}
	}
	rows := readCSV(t, h2hPath)
	if len(rows) != 9 {
		t.Errorf("headtohead.csv: %d rows, want 9 (3 pairs of series on 5x5, 6x6 and all)", len(rows))
	}
	for _, h := range rows {
		boards := []string{h["board"]}
		if h["board"] == "all" {
			boards = []string{"5x5", "6x6"}
		}
		var pairs, aFound, bFound, aOnly, bOnly, both int
		var ratios []float64
		for _, b := range boards {
			for key, a := range runs[b][h["series_a"]] {
				o, ok := runs[b][h["series_b"]][key]
				if !ok {
					continue
				}
				pairs++
				aFound += b2i(a.found)
				bFound += b2i(o.found)
				aOnly += b2i(a.found && !o.found)
				bOnly += b2i(o.found && !a.found)
				if a.found && o.found {
					both++
					ratios = append(ratios, float64(max(o.nodes, 1))/float64(max(a.nodes, 1)))
				}
			}
		}
		name := h["board"] + " " + h["series_a"] + " vs " + h["series_b"]
		got := strings.Join([]string{h["pairs"], h["a_found"], h["b_found"], h["a_only"], h["b_only"], h["both_found"]}, " ")
		if want := fmt.Sprint(pairs, " ", aFound, " ", bFound, " ", aOnly, " ", bOnly, " ", both); got != want {
			t.Errorf("%s: pairs, a_found, b_found, a_only, b_only, both_found = %s; runs.csv says %s", name, got, want)
		}
		if got, want := parseFloat(t, h["mcnemar_p"]), exactMcNemar(aOnly, bOnly); !near(got, want) {
			t.Errorf("%s: mcnemar_p %g, want %g", name, got, want)
		}
		if len(ratios) > 0 {
			slices.Sort(ratios)
			m := len(ratios) / 2
			want := ratios[m]
			if len(ratios)%2 == 0 {
				want = (ratios[m-1] + ratios[m]) / 2
			}
			if got := parseFloat(t, h["cost_ratio_median"]); !near(got, want) {
				t.Errorf("%s: cost_ratio_median %g, want %g", name, got, want)
			}
		}
	}
}

// exactMcNemar is 2 P(X <= min(a, b)) for X ~ Binomial(a+b, 1/2), capped
// at 1, in exact rational arithmetic.
func exactMcNemar(a, b int) float64 {
	n := int64(a + b)
	sum := new(big.Int)
	for i := int64(0); i <= int64(min(a, b)); i++ {
		sum.Add(sum, new(big.Int).Binomial(n, i))
	}
	p := new(big.Rat).SetFrac(sum.Lsh(sum, 1), new(big.Int).Lsh(big.NewInt(1), uint(n)))
	f, _ := p.Float64()
	return min(f, 1)
}

// near reports whether a is b to 12 digits.
func near(a, b float64) bool { return a == b || math.Abs(a-b) <= 1e-12*math.Abs(b) }

func b2i(ok bool) int {
	if ok {
		return 1
	}
	return 0
}

func parseFloat(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// readCSV reads a CSV file as maps from column name to value.
func readCSV(t *testing.T, path string) []map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) == 0 {
		t.Fatalf("%s: %v", path, err)
	}
	var out []map[string]string
	for _, rec := range recs[1:] {
		m := map[string]string{}
		for i, c := range recs[0] {
			m[c] = rec[i]
		}
		out = append(out, m)
	}
	return out
}
