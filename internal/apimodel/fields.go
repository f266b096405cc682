package apimodel

import (
	"reflect"
	"slices"
	"strings"
)

// jsonField is a field as encoding/json sees it.
type jsonField struct {
	name     string
	index    []int
	typ      reflect.Type
	tagged   bool
	omit     bool // omitempty or omitzero
	asString bool // the ",string" option
	depth    int
}

// inline is the object schema of struct type t, its fields resolved as
// encoding/json resolves them (embedded structs flattened, the shallowest
// field of a name winning, a tie of untagged fields dropping the name).
func (b *builder) inline(t reflect.Type, dir direction) (*Schema, error) {
	s := &Schema{Type: "object", Properties: []Property{}}
	for _, f := range visibleFields(t) {
		ps, err := b.fieldSchema(f, dir)
		if err != nil {
			return nil, err
		}
		s.Properties = append(s.Properties, Property{Name: f.name, Schema: ps, Optional: f.omit || dir == input})
	}
	return s, nil
}

func (b *builder) fieldSchema(f jsonField, dir direction) (*Schema, error) {
	if f.asString {
		switch f.typ.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
			reflect.Float32, reflect.Float64, reflect.String:
			return &Schema{Type: "string"}, nil
		}
	}
	s, err := b.of(f.typ, dir)
	if err != nil {
		return nil, err
	}
	if f.omit && s.Nullable && s.Ref == "" && f.typ.Kind() != reflect.Pointer {
		// omitempty leaves out a nil slice or map: present, it is not null.
		s = nonNull(s)
	}
	if f.omit && f.typ.Kind() == reflect.Pointer {
		s = nonNull(s) // omitempty leaves out a nil pointer
	}
	return s, nil
}

func nonNull(s *Schema) *Schema {
	c := *s
	c.Nullable = false
	return &c
}

// visibleFields lists t's fields that encoding/json writes, in its order.
func visibleFields(t reflect.Type) []jsonField {
	var all []jsonField
	var walk func(t reflect.Type, index []int, depth int, seen map[reflect.Type]bool)
	walk = func(t reflect.Type, index []int, depth int, seen map[reflect.Type]bool) {
		if seen[t] {
			return
		}
		seen[t] = true
		defer delete(seen, t)
		for i := range t.NumField() {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			ft := sf.Type
			if sf.Anonymous {
				et := ft
				if et.Kind() == reflect.Pointer {
					et = et.Elem()
				}
				if !sf.IsExported() && et.Kind() != reflect.Struct {
					continue
				}
				if name == "" && et.Kind() == reflect.Struct && !implements(et, marshalerType) && !implements(et, textType) {
					walk(et, append(slices.Clip(index), i), depth+1, seen)
					continue
				}
			} else if !sf.IsExported() {
				continue
			}
			f := jsonField{name: name, index: append(slices.Clip(index), i), typ: ft, tagged: name != "", depth: depth}
			if f.name == "" {
				f.name = sf.Name
			}
			for _, o := range strings.Split(opts, ",") {
				switch o {
				case "omitempty", "omitzero":
					f.omit = true
				case "string":
					f.asString = true
				}
			}
			all = append(all, f)
		}
	}
	walk(t, nil, 0, map[reflect.Type]bool{})
	// encoding/json's dominance rules: per name, the shallowest fields; of
	// those, the tagged one if it is the only one; else the only one.
	var out []jsonField
	for _, f := range all {
		var rivals []jsonField
		for _, g := range all {
			if g.name == f.name {
				rivals = append(rivals, g)
			}
		}
		if dominant(f, rivals) {
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b jsonField) int { return slices.Compare(a.index, b.index) })
	return out
}

func dominant(f jsonField, rivals []jsonField) bool {
	least := f.depth
	for _, g := range rivals {
		least = min(least, g.depth)
	}
	if f.depth > least {
		return false
	}
	var top []jsonField
	for _, g := range rivals {
		if g.depth == least {
			top = append(top, g)
		}
	}
	if len(top) == 1 {
		return true
	}
	var tagged []jsonField
	for _, g := range top {
		if g.tagged {
			tagged = append(tagged, g)
		}
	}
	return len(tagged) == 1 && f.tagged
}
