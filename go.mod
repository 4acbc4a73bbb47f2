module knightsweep

go 1.26
