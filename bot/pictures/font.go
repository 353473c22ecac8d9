package pictures

import (
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"gonum.org/v1/plot"
	plotfont "gonum.org/v1/plot/font"
)

// The Go fonts, parsed once. A parsed font is safe to share; a face made
// from it is not (it caches glyphs), so every drawing makes its own faces.
var (
	regular = mustParse(goregular.TTF)
	bold    = mustParse(gobold.TTF)
)

func mustParse(ttf []byte) *opentype.Font {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic(fmt.Sprintf("pictures: parsing an embedded Go font: %v", err)) // the bytes are part of the binary
	}
	return f
}

// face returns a new face of f at size pixels (72 DPI: points are pixels).
func face(f *opentype.Font, size float64) font.Face {
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(fmt.Sprintf("pictures: a face of an embedded font: %v", err)) // only fails on a bad size
	}
	return fc
}

var plotFonts sync.Once

// usePlotFonts makes the Go fonts gonum/plot's default, so charts look
// like the scenes and do not depend on its own default typeface.
func usePlotFonts() {
	plotFonts.Do(func() {
		plotfont.DefaultCache.Add(plotfont.Collection{
			{Font: plotfont.Font{Typeface: "Go"}, Face: regular},                       // lang:keep — a font name
			{Font: plotfont.Font{Typeface: "Go", Weight: font.WeightBold}, Face: bold}, // lang:keep — a font name
		})
		plot.DefaultFont = plotfont.Font{Typeface: "Go"} // lang:keep — a font name
	})
}
