package openapi

import "github.com/sesame-go/sesame/internal/apimodel"

// schema is s in JSON Schema 2020-12, which OpenAPI 3.1 speaks.
func schema(s *apimodel.Schema) object {
	if s.Ref != "" {
		ref := object{"$ref": "#/components/schemas/" + s.Ref}
		if s.Nullable {
			return object{"anyOf": []object{ref, {"type": "null"}}}
		}
		return ref
	}
	o := object{}
	if s.Description != "" {
		o["description"] = s.Description
	}
	if s.Type == "" {
		return o // any JSON value
	}
	if s.Nullable {
		o["type"] = []string{s.Type, "null"}
	} else {
		o["type"] = s.Type
	}
	if s.Format != "" {
		o["format"] = s.Format
	}
	if s.Items != nil {
		o["items"] = schema(s.Items)
	}
	if s.Values != nil {
		o["additionalProperties"] = schema(s.Values)
	}
	if s.Type == "object" && s.Values == nil {
		props := object{}
		var required []string
		for _, p := range s.Properties {
			props[p.Name] = schema(p.Schema)
			if !p.Optional {
				required = append(required, p.Name)
			}
		}
		o["properties"] = props
		if required != nil {
			o["required"] = required
		}
		if s.Open {
			o["additionalProperties"] = true
		}
	}
	return o
}
