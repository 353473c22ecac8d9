package ui

import (
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// fullRendering is a rendering with every field of every type in it set,
// down to the leaves, so that a test can change each leaf in turn.
func fullRendering() *Rendering {
	r := &Rendering{}
	fill(reflect.ValueOf(r).Elem(), 0)
	// Components are interfaces; fill cannot guess their types.
	row := discordgo.ActionsRow{}
	btn := discordgo.Button{}
	fill(reflect.ValueOf(&btn).Elem(), 0)
	row.Components = []discordgo.MessageComponent{btn}
	r.Components = []discordgo.MessageComponent{row}
	return r
}

// fill sets every settable leaf under v to a non-zero value.
func fill(v reflect.Value, depth int) {
	if depth > 8 {
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fill(s.Index(0), depth+1)
		v.Set(s)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), depth+1)
			}
		}
	}
}

// leaves lists the settable scalar leaves under v, components included.
func leaves(v reflect.Value, path string, out map[string]reflect.Value) {
	switch v.Kind() {
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		out[path] = v
	case reflect.Pointer:
		if !v.IsNil() {
			leaves(v.Elem(), path, out)
		}
	case reflect.Slice:
		for i := range v.Len() {
			leaves(v.Index(i), path+"[]", out)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				leaves(v.Field(i), path+"."+v.Type().Field(i).Name, out)
			}
		}
	}
}

func mustFingerprint(t *testing.T, r Rendering) uint64 {
	t.Helper()
	sum := r.Fingerprint()
	if sum == 0 {
		t.Fatal("Fingerprint could not walk the rendering")
	}
	return sum
}

func TestFingerprintChangesWithEveryField(t *testing.T) {
	r := fullRendering()
	base := mustFingerprint(t, *r)

	found := map[string]reflect.Value{}
	leaves(reflect.ValueOf(r).Elem(), "Rendering", found)
	// The button sits in an interface, which leaves cannot set through:
	// change it on a copy instead.
	btn := r.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.Button)
	btnLeaves := map[string]reflect.Value{}
	leaves(reflect.ValueOf(&btn).Elem(), "Button", btnLeaves)
	if len(found) < 30 || len(btnLeaves) < 8 {
		t.Fatalf("the walk found only %d embed and %d button leaves; fill missed something", len(found), len(btnLeaves))
	}

	changeEach := func(set map[string]reflect.Value, render func() Rendering) {
		for path, leaf := range set {
			old := reflect.ValueOf(leaf.Interface())
			switch leaf.Kind() {
			case reflect.String:
				leaf.SetString("y")
			case reflect.Bool:
				leaf.SetBool(false)
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				leaf.SetInt(2)
			case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
				leaf.SetUint(2)
			case reflect.Float32, reflect.Float64:
				leaf.SetFloat(2)
			}
			if got := mustFingerprint(t, render()); got == base {
				t.Errorf("changing %s left the fingerprint unchanged", path)
			}
			leaf.Set(old)
		}
	}
	changeEach(found, func() Rendering { return *r })
	changeEach(btnLeaves, func() Rendering {
		c := *r
		c.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{btn}}}
		return c
	})
	if got := mustFingerprint(t, *r); got != base {
		t.Fatal("the rendering did not come back to its first fingerprint after the changes were undone")
	}
}

func TestFingerprintIsTheSameForEqualRenderings(t *testing.T) {
	a, b := fullRendering(), fullRendering()
	if mustFingerprint(t, *a) != mustFingerprint(t, *b) {
		t.Fatal("two renderings built alike have different fingerprints")
	}
}

func TestFingerprintTellsStructureApart(t *testing.T) {
	one := Rendering{Content: "ab"}
	two := Rendering{Content: "a", Embeds: []*discordgo.MessageEmbed{{Title: "b"}}}
	nilEmbed := Rendering{Content: "ab", Embeds: []*discordgo.MessageEmbed{nil}}
	moved := Rendering{Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "a"}, discordgo.Button{Label: "b"}}},
	}}
	split := Rendering{Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "a"}}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "b"}}},
	}}
	file := Rendering{Files: []File{{Name: "p.png", Data: []byte{1, 2}}}}
	otherFile := Rendering{Files: []File{{Name: "p.png", Data: []byte{1, 3}}}}
	all := []Rendering{one, two, nilEmbed, moved, split, file, otherFile}
	seen := map[uint64]int{}
	for i, r := range all {
		sum := mustFingerprint(t, r)
		if j, dup := seen[sum]; dup {
			t.Errorf("renderings %d and %d differ but share a fingerprint", j, i)
		}
		seen[sum] = i
	}
}
