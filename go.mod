module knightsweep

go 1.26.0

require github.com/gocarina/gocsv v0.0.0-20240520201108-78e41c74b4b1
