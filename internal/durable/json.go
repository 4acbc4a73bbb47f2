package durable

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"strconv"
)

// A sealed JSON file stays one JSON object, for people and their tools to
// read: its first field is "format" (the head line's words, without the
// newline) and its last "crc32c", the CRC-32C of every byte before that
// last field's line, in hexadecimal:
//
//	{
//	  "format": "knightsweep manifest 2",
//	  ...
//	  "crc32c": "89abcdef"
//	}
//
// Spaces after the closing brace (room kept for a rewrite in place) are
// not the file's and are ignored.

const (
	jsonFormatPrefix = "{\n  \"format\": "
	jsonSumPrefix    = "  \"crc32c\": \""
	jsonSumSuffix    = "\"\n}\n"
)

// MarshalJSON returns v, a struct, as a sealed JSON file of format f,
// indented by two spaces.
func MarshalJSON(f Format, v any) ([]byte, error) {
	obj, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	if len(obj) < 2 || obj[0] != '{' || obj[len(obj)-1] != '}' {
		return nil, fmt.Errorf("a sealed JSON file holds an object, not %.20q", obj)
	}
	head := strconv.Quote(f.Head()[:len(f.Head())-1])
	var b bytes.Buffer
	b.WriteString(jsonFormatPrefix)
	b.WriteString(head)
	if inner := bytes.TrimSpace(obj[1 : len(obj)-1]); len(inner) > 0 {
		b.WriteString(",\n  ")
		b.Write(inner)
	}
	b.WriteString(",\n")
	fmt.Fprintf(&b, "%s%08x%s", jsonSumPrefix, crc32.Checksum(b.Bytes(), table()), jsonSumSuffix)
	return b.Bytes(), nil
}

// UnmarshalJSON checks data, the file at path read whole, as a sealed
// JSON file of format f, and decodes it into v. A file written before
// files were sealed (a JSON object whose first field is not "format") is
// decoded as it is, unchecked, with sealed false: the caller reads it once
// more and writes it back sealed. Anything else that is not a sealed file
// of format f is an *Error.
func UnmarshalJSON(path string, data []byte, f Format, v any) (sealed bool, err error) {
	refuse := func(reason string) error { return &Error{Path: path, Reason: reason, Advice: f.Advice} }
	data = bytes.TrimRight(data, " ")
	if !bytes.HasPrefix(data, []byte(jsonFormatPrefix)) {
		trimmed := bytes.TrimSpace(data)
		if len(trimmed) == 0 || trimmed[0] != '{' {
			return false, refuse("not a JSON object")
		}
		if bytes.Contains(data, []byte("\n  \"crc32c\": \"")) {
			return false, refuse("damaged: its first field is not \"format\"")
		}
		if err := json.Unmarshal(data, v); err != nil {
			return false, &Error{Path: path, Reason: "damaged: " + err.Error(), Advice: f.Advice, Err: err}
		}
		return false, nil
	}
	sumLen := len(jsonSumPrefix) + 8 + len(jsonSumSuffix)
	cut := &Error{Path: path, Reason: "cut short: it does not end in its \"crc32c\" field", Advice: f.Advice, Cut: true}
	// A whole JSON object without the field is named by its "format":
	// another format or version is not a file cut short.
	notCut := func() error {
		var head struct {
			Format string `json:"format"`
		}
		if json.Unmarshal(data, &head) != nil {
			return cut
		}
		found, ok := parseHead([]byte(head.Format + "\n"))
		if err := foreign(path, found, ok, f); err != nil {
			return err
		}
		return cut
	}
	if len(data) < len(jsonFormatPrefix)+sumLen {
		return true, notCut()
	}
	body, last := data[:len(data)-sumLen], data[len(data)-sumLen:]
	hex, ok := bytes.CutPrefix(last, []byte(jsonSumPrefix))
	hex, ok2 := bytes.CutSuffix(hex, []byte(jsonSumSuffix))
	want, perr := strconv.ParseUint(string(hex), 16, 32)
	if !ok || !ok2 || perr != nil {
		return true, notCut()
	}
	if got := crc32.Checksum(body, table()); uint32(want) != got {
		return true, refuse(fmt.Sprintf("damaged: its CRC-32C is %08x, its \"crc32c\" field says %08x (edited by hand?)", got, want))
	}
	var head struct {
		Format string `json:"format"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return true, refuse("damaged: " + err.Error())
	}
	found, ok := parseHead([]byte(head.Format + "\n"))
	if !ok {
		return true, refuse(fmt.Sprintf("format %q is not one of this program's", head.Format))
	}
	if err := foreign(path, found, true, f); err != nil {
		return true, err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return true, &Error{Path: path, Reason: "damaged: " + err.Error(), Advice: f.Advice, Err: err}
	}
	return true, nil
}

// foreign returns the *Error of a file at path whose head names found (if
// ok), another format or version than f; nil if it names f or nothing.
// Its advice is f's, which says what to do where f's file is wanted
// ("give a manifest" is no help to whoever copied one file over another).
func foreign(path string, found Format, ok bool, f Format) error {
	switch {
	case !ok:
		return nil
	case found.Name != f.Name:
		advice := f.Advice
		if advice == "" {
			advice = "give " + A(f.Name)
		}
		return &Error{Path: path, Reason: fmt.Sprintf("%s, not %s", A(found.Name), A(f.Name)), Found: found, Advice: advice}
	case found.Version != f.Version:
		return &Error{Path: path, Reason: fmt.Sprintf("%s of format %d, which this build does not read (it reads format %d)", A(f.Name), found.Version, f.Version),
			Found: found, Advice: f.Advice}
	}
	return nil
}

// LooksSealedJSON reports whether data looks like a sealed JSON file, whole
// or not: it starts with the "format" field or holds a "crc32c" one. Such
// a file that fails UnmarshalJSON is damaged, not another program's JSON.
func LooksSealedJSON(data []byte) bool {
	return bytes.HasPrefix(data, []byte(jsonFormatPrefix)) || bytes.Contains(data, []byte("\n"+jsonSumPrefix))
}
