package lang

import (
	"regexp"
	"slices"
	"sort"
	"testing"
	"text/template"
	"text/template/parse"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// TestEveryMessageHasEveryLanguage: every message of the English catalogue
// is in every other language and the other way round, each text parses as
// a template and fills the same names as the English one, so no reader
// meets a fallback, a missing name or a stray {{.Name}}.
func TestEveryMessageHasEveryLanguage(t *testing.T) {
	en := English.IDs()
	if len(en) == 0 {
		t.Fatal("the English catalogue is empty")
	}
	for _, l := range All[1:] {
		for _, id := range en {
			if !l.Has(id) {
				t.Errorf("%s lacks %q", l.Code(), id)
			}
		}
		for _, id := range l.IDs() {
			if !English.Has(id) {
				t.Errorf("%s has %q, which English has not", l.Code(), id)
			}
		}
	}
	for _, id := range en {
		want := fields(t, English, id)
		for _, l := range All[1:] {
			if got := fields(t, l, id); l.Has(id) && !slices.Equal(got, want) {
				t.Errorf("%s %q fills %v, English %v", l.Code(), id, got, want)
			}
		}
	}
}

// fields lists the template names every plural form of l's message id
// uses, sorted without repeats.
func fields(t *testing.T, l Lang, id string) []string {
	t.Helper()
	var names []string
	for _, src := range forms(l, id) {
		tmpl, err := template.New(id).Parse(src)
		if err != nil {
			t.Errorf("%s %q does not parse: %v", l.Code(), id, err)
			continue
		}
		walk(tmpl.Root, func(f *parse.FieldNode) { names = append(names, f.Ident...) })
	}
	sort.Strings(names)
	names = slices.Compact(names)
	names = slices.DeleteFunc(names, func(n string) bool { return n == "Count" }) // plural forms may leave out the count
	return names
}

// forms is the texts of l's message id, one per plural form it has.
func forms(l Lang, id string) []string {
	for _, m := range rawMessages(l) {
		if m.ID == id {
			var out []string
			for _, s := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
				if s != "" {
					out = append(out, s)
				}
			}
			return out
		}
	}
	return nil
}

func walk(n parse.Node, visit func(*parse.FieldNode)) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n != nil {
			for _, c := range n.Nodes {
				walk(c, visit)
			}
		}
	case *parse.ActionNode:
		walk(n.Pipe, visit)
	case *parse.PipeNode:
		for _, c := range n.Cmds {
			walk(c, visit)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			walk(a, visit)
		}
	case *parse.FieldNode:
		visit(n)
	case *parse.IfNode:
		walk(n.Pipe, visit)
		walk(n.List, visit)
		if n.ElseList != nil {
			walk(n.ElseList, visit)
		}
	case *parse.RangeNode:
		walk(n.Pipe, visit)
		walk(n.List, visit)
	}
}

// TestPluralsFollowEachLanguagesRules: a plural message reads right for
// one and for many in every language (CLDR: English and German both tell
// one from other).
func TestPluralsFollowEachLanguagesRules(t *testing.T) {
	for _, l := range All {
		for _, m := range rawMessages(l) {
			if m.One == "" && m.Other != "" && m.Zero == "" && m.Few == "" && m.Many == "" {
				continue // not plural
			}
			if m.One == "" || m.Other == "" {
				t.Errorf("%s %q: a plural message needs one and other", l.Code(), m.ID)
			}
		}
	}
}

var placeholder = regexp.MustCompile(`\{\{`)

// TestTFillsNamesAndFallsBack: T fills a template, N picks the form, and a
// missing ID reads as itself rather than crashing.
func TestTFillsNamesAndFallsBack(t *testing.T) {
	if got := English.T("common.something_wrong"); placeholder.MatchString(got) || got == "common.something_wrong" {
		t.Errorf("T = %q", got)
	}
	if got := German.T("no.such.message"); got != "no.such.message" {
		t.Errorf("a missing message reads %q, want its ID", got)
	}
}

// rawMessages re-reads l's files, for the tests that look at forms.
func rawMessages(l Lang) []*i18n.Message {
	var out []*i18n.Message
	files, _ := locales.ReadDir("locales/" + l.Code())
	for _, f := range files {
		buf, err := locales.ReadFile("locales/" + l.Code() + "/" + f.Name())
		if err != nil {
			continue
		}
		msgs, err := i18n.ParseMessageBytes(buf, tomlUnmarshal)
		if err == nil {
			out = append(out, msgs...)
		}
	}
	return out
}
