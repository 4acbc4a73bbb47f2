package stats

import (
	"math"
	"testing"
)

func TestFormat(t *testing.T) {
	for _, tt := range []struct {
		got, want string
	}{
		{FormatCount(25), "25"},
		{FormatCount(22.5), "22.5"},
		{FormatCount(9999), "9999"},
		{FormatCount(12345), "12.3k"},
		{FormatCount(999499), "999k"},
		{FormatCount(999949), "1.00M"},
		{FormatCount(999950), "1.00M"},
		{FormatCount(8250733), "8.25M"},
		{FormatCount(1.2e9), "1.20G"},
		{FormatCount(math.NaN()), "-"},
		{FormatCount(math.Inf(1)), "∞"},
		{FormatCount(math.Inf(-1)), "-∞"},
		{FormatNS(850), "850ns"},
		{FormatNS(12345), "12.3µs"},
		{FormatNS(4.56e6), "4.56ms"},
		{FormatNS(1.234e9), "1.23s"},
		{FormatNS(125e9), "2m5s"},
		{FormatNS(math.Inf(1)), "∞"},
		{FormatNS(math.Inf(-1)), "-∞"},
		{FormatPercent(0.7525), "75.2%"},
		{FormatPercent(math.NaN()), "-"},
		{FormatCount(35.94444444444444), "35.9"},
		{FormatCount(1234.5), "1235"},
		{FormatCount(0.5), "0.5"},
		{FormatRatio(0.0642857), "×0.0643"},
		{FormatRatio(0.00222), "×0.00222"},
		{FormatRatio(33.3333), "×33.3"},
		{FormatRatio(1), "×1"},
		{FormatRatio(8399.52), "×8400"},
		{FormatRatio(0.0000312), "×3.12e-05"},
		{FormatRatio(2.5e7), "×2.5e+07"},
		{FormatRatio(math.NaN()), "-"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
