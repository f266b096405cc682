package auth

import (
	"errors"
	"reflect"
	"strings"
	"unicode/utf8"
)

// validateInput refuses text no engine can store, then calls the input's
// Validate method, on the value or its pointer, if it has one.
func validateInput[In any](in *In) error {
	if err := storableText(reflect.ValueOf(in).Elem(), ""); err != nil {
		return ErrInvalidInput.With(err.Error())
	}
	var err error
	if v, ok := any(*in).(InputValidator); ok {
		err = v.Validate()
	} else if v, ok := any(in).(InputValidator); ok {
		err = v.Validate()
	}
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return ErrInvalidInput.With(err.Error())
}

// storableText checks every string of an input, through its exported
// fields, slices, arrays, maps and pointers: a NUL byte or invalid UTF-8
// is what PostgreSQL refuses outright and the other engines store
// mangled, so no operation accepts it, whatever its own checks.
func storableText(v reflect.Value, path string) error {
	if v.Type() == secretType {
		return storableString(v.Interface().(Secret).Reveal(), path)
	}
	switch v.Kind() {
	case reflect.String:
		return storableString(v.String(), path)
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return storableText(v.Elem(), path)
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return nil // bytes are not text
		}
		for i := range v.Len() {
			if err := storableText(v.Index(i), path); err != nil {
				return err
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if err := storableText(it.Key(), path); err != nil {
				return err
			}
			if err := storableText(it.Value(), path); err != nil {
				return err
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue // filled in by the operation, not the caller
			}
			if err := storableText(v.Field(i), fieldName(path, f)); err != nil {
				return err
			}
		}
	}
	return nil
}

// secretType is Secret, whose value is no exported field.
var secretType = reflect.TypeFor[Secret]()

// storableString refuses a NUL byte and invalid UTF-8 in s.
func storableString(s, path string) error {
	if strings.IndexByte(s, 0) >= 0 {
		return errors.New(name(path) + " holds a NUL character")
	}
	if !utf8.ValidString(s) {
		return errors.New(name(path) + " is not valid UTF-8")
	}
	return nil
}

// fieldName is a field's path as a client names it: its JSON name.
func fieldName(path string, f reflect.StructField) string {
	n := f.Name
	if tag, _, _ := strings.Cut(f.Tag.Get("json"), ","); tag != "" && tag != "-" {
		n = tag
	}
	if f.Anonymous {
		return path
	}
	if path == "" {
		return n
	}
	return path + "." + n
}

func name(path string) string {
	if path == "" {
		return "the input"
	}
	return path
}
