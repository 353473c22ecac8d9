package lang

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// A filling is a message's text cut at its fields, so that it is filled
// without running a template: parts holds literal text at even indexes and
// the name of an argument at odd ones ("Hi ", "Name", "!"). Every message
// of the catalogue uses only plain fields ({{.Name}}); go-i18n would run a
// text/template and build a map of the arguments for each one, which was
// the largest cost of drawing a hand under load.
type filling struct {
	parts []string
	size  int // the literal text's length, to size the result
}

// compileFilling cuts src at its fields. ok is false when src holds any
// other template action: such a text is left to go-i18n.
func compileFilling(src string) (f filling, ok bool) {
	rest := src
	for {
		i := strings.Index(rest, "{{")
		if i < 0 {
			f.parts = append(f.parts, rest)
			f.size += len(rest)
			return f, true
		}
		end := strings.Index(rest[i:], "}}")
		if end < 0 {
			return filling{}, false
		}
		name, isField := strings.CutPrefix(rest[i+2:i+end], ".")
		if !isField || !isIdentifier(name) {
			return filling{}, false
		}
		f.parts = append(f.parts, rest[:i], name)
		f.size += i
		rest = rest[i+end+2:]
	}
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		letter := r == '_' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z')
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// fill writes the text with each field taken from args (name/value pairs,
// the last pair of a name winning, as a template's map would hold it);
// count, when not nil, is the field Count. ok is false when a field has no
// argument or one of a type printed here differently from a template:
// the caller then asks go-i18n, which prints what a template would.
func (f filling) fill(args []any, count *int) (string, bool) {
	if len(f.parts) == 1 {
		return f.parts[0], true
	}
	var b strings.Builder
	b.Grow(f.size + 20*(len(f.parts)/2)) // a name, an ID or a number a field
	for i, part := range f.parts {
		if i%2 == 0 {
			b.WriteString(part)
			continue
		}
		if part == "Count" && count != nil {
			var digits [24]byte
			b.Write(strconv.AppendInt(digits[:0], int64(*count), 10))
			continue
		}
		v, found := lastArg(args, part)
		if !found || !writeValue(&b, v) {
			return "", false
		}
	}
	return b.String(), true
}

// lastArg is the value of the last pair named name in args.
func lastArg(args []any, name string) (any, bool) {
	for i := len(args) - 2 - len(args)%2; i >= 0; i -= 2 {
		if s, ok := args[i].(string); ok && s == name {
			return args[i+1], true
		}
	}
	return nil, false
}

// writeValue writes v as text/template prints it, for the types whose
// printing is fmt.Print's; it reports false for the rest (a pointer, which
// a template follows; nil, which it prints as "<no value>"). Numbers are
// written through a buffer on the stack, and nothing keeps b: it stays on
// the caller's stack too (messages are filled on every drawing).
func writeValue(b *strings.Builder, v any) bool {
	var digits [24]byte
	switch v := v.(type) {
	case string:
		b.WriteString(v)
	case int:
		b.Write(strconv.AppendInt(digits[:0], int64(v), 10))
	case int64:
		b.Write(strconv.AppendInt(digits[:0], v, 10))
	case int32:
		b.Write(strconv.AppendInt(digits[:0], int64(v), 10))
	case uint64:
		b.Write(strconv.AppendUint(digits[:0], v, 10))
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case nil:
		return false
	default:
		if reflect.TypeOf(v).Kind() == reflect.Pointer {
			return false
		}
		b.WriteString(fmt.Sprint(v))
	}
	return true
}

// A compiled message is a message's fillings: its "other" text and, when it
// has one, its "one" text (no parts when it has none). Only messages with no
// other plural form are compiled.
type compiled struct {
	other filling
	one   filling
}

// form is the filling for count n: "one" for exactly 1 when the message
// has it (of the absolute value), as English's and German's plural rules say (the only languages
// here; TestFillingsReadAsGoI18n checks every message against go-i18n's
// rules and would fail on a language whose rule differs).
func (m *compiled) form(n int) filling {
	if (n == 1 || n == -1) && m.one.parts != nil {
		return m.one
	}
	return m.other
}
