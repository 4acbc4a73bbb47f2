package stats

import (
	"math"
	"strconv"
)

// Float is a float64 that the CSV tables write in its shortest exact form,
// in exponent notation below 1e-4 (tiny p-values), and as an empty field
// when it is NaN (a rate with no attempts).
type Float float64

// MarshalCSV implements gocsv.TypeMarshaller.
func (f Float) MarshalCSV() (string, error) {
	if math.IsNaN(float64(f)) {
		return "", nil
	}
	if v := math.Abs(float64(f)); v != 0 && v < 1e-4 {
		return strconv.FormatFloat(float64(f), 'g', -1, 64), nil
	}
	return strconv.FormatFloat(float64(f), 'f', -1, 64), nil
}

// UnmarshalCSV implements gocsv.TypeUnmarshaller.
func (f *Float) UnmarshalCSV(s string) error {
	if s == "" {
		*f = Float(math.NaN())
		return nil
	}
	v, err := strconv.ParseFloat(s, 64)
	*f = Float(v)
	return err
}
