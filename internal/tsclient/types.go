package tsclient

import (
	"fmt"
	"strings"

	"github.com/sesame-go/sesame/internal/apimodel"
)

// tsType is s as a TypeScript type, indent being the line's: times are
// ISO 8601 strings, bytes base64 strings, any JSON unknown.
func tsType(s *apimodel.Schema, indent string) string {
	t := bare(s, indent)
	if s.Nullable {
		return t + " | null"
	}
	return t
}

func bare(s *apimodel.Schema, indent string) string {
	if s.Ref != "" {
		return s.Ref
	}
	switch s.Type {
	case "":
		return "unknown"
	case "string":
		return "string"
	case "integer", "number":
		return "number"
	case "boolean":
		return "boolean"
	case "array":
		return "Array<" + tsType(s.Items, indent) + ">"
	}
	if s.Values != nil {
		return "Record<string, " + tsType(s.Values, indent) + ">"
	}
	if len(s.Properties) == 0 && !s.Open {
		return "Record<string, never>"
	}
	var b strings.Builder
	b.WriteString("{\n")
	inner := indent + "  "
	for _, p := range s.Properties {
		if d := describe(p.Schema); d != "" {
			fmt.Fprintf(&b, "%s/** %s */\n", inner, d)
		}
		opt := ""
		if p.Optional {
			opt = "?"
		}
		fmt.Fprintf(&b, "%s%s%s: %s;\n", inner, key(p.Name), opt, tsType(p.Schema, inner))
	}
	if s.Open {
		fmt.Fprintf(&b, "%s[field: string]: unknown;\n", inner)
	}
	b.WriteString(indent + "}")
	return b.String()
}

// describe is a property's comment: its description, or what its string
// holds.
func describe(s *apimodel.Schema) string {
	switch {
	case s.Description != "":
		return s.Description
	case s.Format == "date-time":
		return "an ISO 8601 time"
	case s.Format == "byte":
		return "base64"
	}
	return ""
}

// key is a property's name, quoted unless it is an identifier.
func key(name string) string {
	if ident.MatchString(name) {
		return name
	}
	return fmt.Sprintf("%q", name)
}
