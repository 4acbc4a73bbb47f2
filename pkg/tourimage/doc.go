// Package tourimage draws a knight's tour: the board's squares, the
// knight's path from square centre to square centre, coloured from dark blue
// at the start through purple to orange at the end, the start and end
// squares marked (a green and a red disc), and the closing move dashed when
// the tour is closed. Boards up to 16 a side also show each square's step
// number. An optional caption sits above the board.
//
// It is the one drawing of a tour in knightsweep: experiment solve -png
// writes its PNG, and the report (package report) its PNG file and the SVG
// inline in report.html.
//
// New checks the tour with package tour (a picture never shows a wrong
// tour) and accepts boards up to MaxSide squares a side; callers may draw
// less (the report stops at 100 a side, where its inline SVG is about half a
// megabyte).
//
// # Sizes
//
// A square is 5 to 64 pixels, so that the board is about 1000 pixels
// across (Geometry); a caption wider than the board widens the picture. The
// PNG is drawn at 72 dots an inch, a pixel a point. The SVG is drawn at half
// that size (a PNG pixel is half a point), which puts an 8x8 board about
// 10 cm across on a page; it scales freely, having a viewBox.
//
// Drawing uses gonum.org/v1/plot's vg canvases: vgimg for PNG (anti-aliased
// lines), vgsvg for SVG. The text is Liberation Sans, which SVG viewers
// without it replace by a similar font.
package tourimage
