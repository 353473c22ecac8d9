package lang

import (
	"fmt"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// suit is a Stringer, as the games' card and seat types are.
type suit int

func (s suit) String() string { return fmt.Sprintf("suit#%d", int(s)) }

// goI18n is what go-i18n itself makes of message id: the text T and N gave
// before the fillings, and still give for what a filling cannot fill.
func goI18n(l Lang, id string, count *int, args []any) string {
	data := pairs(args)
	lc := &i18n.LocalizeConfig{MessageID: id, TemplateData: data}
	if count != nil {
		data["Count"] = *count
		lc.PluralCount = *count
	}
	return cat().localize(l, lc)
}

// TestFillingsReadAsGoI18n: every message of every language, filled with
// arguments of each kind the bot passes (names, numbers, Stringers) and
// with none, reads exactly as go-i18n's template makes it, through T and
// through N at counts that pick each plural form. Every message of the
// catalogue is compiled, so none pays for a template.
func TestFillingsReadAsGoI18n(t *testing.T) {
	values := []func(i int) any{
		func(i int) any { return fmt.Sprintf("Anna<%d>", i) },
		func(i int) any { return 1000 + i },
		func(i int) any { return int64(-7 - i) },
		func(i int) any { return suit(i) },
		func(i int) any { return true },
	}
	for _, l := range All {
		for _, id := range l.IDs() {
			if cat().compiled[l][id] == nil {
				t.Errorf("%s %q is not compiled: it would run a template on every use", l.Code(), id)
			}
			names := fields(t, l, id)
			for k, value := range values {
				var args []any
				for i, name := range names {
					args = append(args, name, value(i+k))
				}
				checkSame(t, l, id, args)
			}
			checkSame(t, l, id, nil)                                           // every field missing: "<no value>"
			checkSame(t, l, id, []any{"Count", 3, "Name", "Bo", "Name", "Al"}) // repeated names, the last wins
		}
	}
	// A message German lacks reads in English; one nobody has, as its ID.
	c := cat()
	delete(c.ids[German], "chips.daily")
	m := c.compiled[German]["chips.daily"]
	delete(c.compiled[German], "chips.daily")
	defer func() { c.ids[German]["chips.daily"], c.compiled[German]["chips.daily"] = true, m }()
	if got, want := German.T("chips.daily", "N", 5), English.T("chips.daily", "N", 5); got != want {
		t.Errorf("a message German lacks reads %q, want the English %q", got, want)
	}
	if got := German.N("no.such.thing", 2); got != "no.such.thing" {
		t.Errorf("a missing plural reads %q, want its ID", got)
	}
}

func checkSame(t *testing.T, l Lang, id string, args []any) {
	t.Helper()
	if got, want := l.T(id, args...), goI18n(l, id, nil, args); got != want {
		t.Errorf("%s T(%q, %v) = %q, go-i18n %q", l.Code(), id, args, got, want)
	}
	for _, n := range []int{0, 1, 2, 5, 21, -1} {
		if got, want := l.N(id, n, args...), goI18n(l, id, &n, args); got != want {
			t.Errorf("%s N(%q, %d, %v) = %q, go-i18n %q", l.Code(), id, n, args, got, want)
		}
	}
}

// TestFillingLeavesOtherTemplatesToGoI18n: a text with any action but a
// plain field is not compiled, and a pointer argument is printed by go-i18n
// (a template follows it).
func TestFillingLeavesOtherTemplatesToGoI18n(t *testing.T) {
	for _, src := range []string{"{{.A | printf \"%d\"}}", "{{if .A}}x{{end}}", "{{ .A }}", "{{.}}", "a {{.A", "{{.A.B}}"} {
		if _, ok := compileFilling(src); ok {
			t.Errorf("compileFilling(%q) compiled; want it left to go-i18n", src)
		}
	}
	f, ok := compileFilling("{{.A}} and {{.B_2}}!")
	if !ok {
		t.Fatal("plain fields did not compile")
	}
	if got, ok := f.fill([]any{"A", 1, "B_2", "two"}, nil); !ok || got != "1 and two!" {
		t.Errorf("fill = %q, %v", got, ok)
	}
	n := 4
	if _, ok := f.fill([]any{"A", &n, "B_2", "x"}, nil); ok {
		t.Error("a pointer argument was filled here; want it left to go-i18n")
	}
	if _, ok := f.fill([]any{"A", 1}, nil); ok {
		t.Error("a missing argument was filled; want go-i18n's <no value>")
	}
}

// BenchmarkT fills a hand's typical message with two arguments.
func BenchmarkT(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = German.T("chips.granted", "By", "123456789012345678", "User", "223456789012345678", "Amount", "5 Chips", "N", 40)
	}
}

// BenchmarkTGoI18n is the same through go-i18n's template, for comparison.
func BenchmarkTGoI18n(b *testing.B) {
	b.ReportAllocs()
	args := []any{"By", "123456789012345678", "User", "223456789012345678", "Amount", "5 Chips", "N", 40}
	for b.Loop() {
		_ = goI18n(German, "chips.granted", nil, args)
	}
}
