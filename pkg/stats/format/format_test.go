package format

import (
	"math"
	"testing"
)

func TestFormat(t *testing.T) {
	for _, tt := range []struct {
		got, want string
	}{
		{Count(25), "25"},
		{Count(22.5), "22.5"},
		{Count(9999), "9999"},
		{Count(12345), "12.3k"},
		{Count(999499), "999k"},
		{Count(999949), "1.00M"},
		{Count(999950), "1.00M"},
		{Count(8250733), "8.25M"},
		{Count(1.2e9), "1.20G"},
		{Count(math.NaN()), "-"},
		{Count(math.Inf(1)), "∞"},
		{Count(math.Inf(-1)), "-∞"},
		{NS(850), "850ns"},
		{NS(12345), "12.3µs"},
		{NS(4.56e6), "4.56ms"},
		{NS(1.234e9), "1.23s"},
		{NS(125e9), "2m5s"},
		{NS(math.Inf(1)), "∞"},
		{NS(math.Inf(-1)), "-∞"},
		{Percent(0.7525), "75.2%"},
		{Percent(math.NaN()), "-"},
		{Count(35.94444444444444), "35.9"},
		{Count(1234.5), "1235"},
		{Count(0.5), "0.5"},
		{Ratio(0.0642857), "×0.0643"},
		{Ratio(0.00222), "×0.00222"},
		{Ratio(33.3333), "×33.3"},
		{Ratio(1), "×1"},
		{Ratio(8399.52), "×8400"},
		{Ratio(0.0000312), "×3.12e-05"},
		{Ratio(2.5e7), "×2.5e+07"},
		{Ratio(math.NaN()), "-"},
		{ShortRatio(0.3125), "0.31"},
		{ShortRatio(3.24), "3.2"},
		{ShortRatio(45.2), "45"},
		{ShortRatio(1234), "1.2k"},
		{ShortRatio(3000), "3k"},
		{ShortRatio(0.00003), "3e-05"},
		{ShortRatio(2.5e7), "2e+07"},
		{ShortRatio(1), "1"},
		{ShortRatio(0.996), "<1"}, // not "1": the side of 1 is the point
		{ShortRatio(1.04), ">1"},
		{ShortRatio(0.994), "0.99"},
		{ShortRatio(1.06), "1.1"},
		{ShortRatio(0), "0"},
		{ShortRatio(math.Inf(1)), "∞"},
		{ShortRatio(math.NaN()), "-"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestGrouped(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{{0, "0"}, {20, "20"}, {999, "999"}, {1000, "1,000"}, {5000, "5,000"}, {123456, "123,456"}, {1234567, "1,234,567"}} {
		if got := Grouped(c.n); got != c.want {
			t.Errorf("Grouped(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestRound(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{
		{0, "0"}, {999, "999"}, {1000, "1k"}, {1500, "1.5k"}, {1550, "1550"}, {12345, "12345"},
		{60_000_000, "60M"}, {220_000_000, "220M"}, {1_500_000, "1.5M"}, {1_000_000_000, "1G"},
		{2_500_000_000, "2.5G"}, {1_234_567_000, "1234567k"}, {999_900, "999.9k"},
	} {
		if got := Round(c.n); got != c.want {
			t.Errorf("Round(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
