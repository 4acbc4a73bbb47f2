package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"knightsweep/internal/durable"
	"knightsweep/pkg/outdir"
)

// Manifest is a manifest.json shown as fields, in the file's order.
type Manifest struct {
	// Path is where the manifest was looked for.
	Path string
	// Found reports whether the file exists.
	Found bool
	// Err says why an existing file could not be read.
	Err    string
	Fields []Field
}

// Field is one value of a manifest: Key is its path in the JSON document,
// such as "settings.sizes" or "counts.found".
type Field struct {
	Key, Value string
}

// maxManifestBytes bounds the manifest read: the bound every reader of
// manifests keeps (a merge of thousands of shards has one session each).
const maxManifestBytes = outdir.MaxManifestBytes

// The page shows a long array in part, so that what was run stays a table
// to read, whatever the manifest holds: the first maxShownItems elements
// of an array of objects (a merge's sessions, one a shard), the first
// maxShownValues values of an array of scalars, then how many there are.
const (
	maxShownItems  = 4
	maxShownValues = 64
)

// readManifest reads the manifest.json in dir, leniently: any JSON object
// is accepted and flattened. It returns the bytes too, read within the
// bound, for the caller to parse as a sweep's (nil when there are none).
func readManifest(dir string) (Manifest, []byte) {
	m := Manifest{Path: filepath.Join(dir, outdir.ManifestFile)}
	data, err := durable.ReadFile(m.Path, maxManifestBytes)
	var tl *durable.TooLargeError
	switch {
	case errors.Is(err, os.ErrNotExist):
		return m, nil
	case errors.As(err, &tl):
		m.Found, m.Err = true, fmt.Sprintf("larger than %d bytes: not shown", maxManifestBytes)
		return m, nil
	case err != nil:
		m.Found, m.Err = true, err.Error()
		return m, nil
	}
	m.Found = true
	fields, err := flattenJSON(data)
	if err != nil {
		m.Err = "not valid JSON: " + err.Error()
	}
	m.Fields = fields
	return m, data
}

// flattenJSON lists the scalar values of a JSON document with their paths,
// in document order. Arrays of scalars become one comma-separated value.
func flattenJSON(data []byte) ([]Field, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var fields []Field
	if err := flattenValue(dec, "", &fields); err != nil {
		return fields, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return fields, errors.New("data after the top-level value")
	}
	return fields, nil
}

func flattenValue(dec *json.Decoder, key string, out *[]Field) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return err
				}
				k, _ := kt.(string)
				if key != "" {
					k = key + "." + k
				}
				if err := flattenValue(dec, k, out); err != nil {
					return err
				}
			}
		case '[':
			start := len(*out)
			n, shown, scalars := 0, 0, true
			for ; dec.More(); n++ {
				if shown < maxShownValues && (scalars || shown < maxShownItems) {
					before := len(*out)
					if err := flattenValue(dec, key+"["+strconv.Itoa(n)+"]", out); err != nil {
						return err
					}
					scalars = scalars && len(*out) == before+1 && (*out)[before].Key == key+"["+strconv.Itoa(n)+"]"
					shown++
					continue
				}
				if err := skipValue(dec); err != nil {
					return err
				}
			}
			if scalars {
				joinScalars(out, start, key, n)
			} else if n > shown {
				*out = append(*out, Field{Key: key, Value: fmt.Sprintf("%d in all: the first %d above, every one in manifest.json", n, shown)})
			}
		}
		_, err := dec.Token() // the closing delimiter
		return err
	default:
		*out = append(*out, Field{Key: key, Value: scalar(t)})
		return nil
	}
}

// joinScalars turns the fields of an array of n scalars, key[0], key[1],
// ..., the first of them listed from start, into one field.
func joinScalars(out *[]Field, start int, key string, n int) {
	var vals []string
	for _, f := range (*out)[start:] {
		vals = append(vals, f.Value)
	}
	v := strings.Join(vals, ", ")
	if n > len(vals) {
		v += fmt.Sprintf(", … (%d in all, every one in manifest.json)", n)
	}
	*out = append((*out)[:start], Field{Key: key, Value: v})
}

// skipValue reads the next value of dec without keeping it.
func skipValue(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

func scalar(v any) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case string:
		return t
	case bool:
		return strconv.FormatBool(t)
	case json.Number:
		return t.String()
	}
	return fmt.Sprint(v)
}
