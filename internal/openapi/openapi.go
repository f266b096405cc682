package openapi

import (
	"cmp"
	"encoding/json"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/internal/apimodel"
)

// Config is what the document needs besides the routes.
type Config struct {
	// Title and Version are the document's info.
	Title, Version string
	// Server is the URL the routes are mounted at, "https://example.com/auth".
	Server string
	// Cookie is the session cookie's name.
	Cookie string
	// ModeHeader and BearerHeader are the request header that asks for
	// bearer mode and the response header that carries a new session's
	// token (authhttp's Auth-Token-Mode and Auth-Token).
	ModeHeader, BearerHeader string
	// CustomErrors says the host encodes errors its own way
	// (authhttp.EncodeErrors): error bodies are then any JSON.
	CustomErrors bool
}

// object is a JSON object; encoding/json writes its keys sorted, so the
// document is the same bytes every time.
type object = map[string]any

// Document returns the OpenAPI 3.1 document, indented JSON.
func Document(api *apimodel.API, cfg Config) ([]byte, error) {
	schemes := object{
		"sessionCookie": object{"type": "apiKey", "in": "cookie", "name": cfg.Cookie,
			"description": "The session cookie, set by the routes that sign in (browsers on the same site)."},
		"bearer": object{"type": "http", "scheme": "bearer",
			"description": "The session token as a bearer token. A client that sends " + cfg.ModeHeader +
				": bearer with the request that signs in receives the token in the " + cfg.BearerHeader + " response header." +
				" An API key (the apikey plugin) goes here too, for the operations that accept keys."},
	}
	keySchemes := map[string]string{}
	for _, h := range api.CredentialHeaders {
		name := "header-" + safeName.ReplaceAllString(h, "_")
		keySchemes[h] = name
		schemes[name] = object{"type": "apiKey", "in": "header", "name": h,
			"description": "A credential a plugin resolves to a session (an API key)."}
	}
	schemas := object{"Error": errorBody()}
	for name, s := range api.Types {
		schemas[name] = schema(s)
	}
	common := byStatus(api.Common)
	shared := object{}
	for status, codes := range common {
		shared[errorName(status)] = errorResponse(status, codes, cfg)
	}
	paths := object{}
	for _, op := range api.Operations {
		item, _ := paths[op.Path].(object)
		if item == nil {
			item = object{}
			paths[op.Path] = item
		}
		item[lower(op.Method)] = operation(api, op, cfg, keySchemes, common)
	}
	doc := object{
		"openapi": "3.1.0",
		"info":    object{"title": cmp.Or(cfg.Title, "Sesame authentication"), "version": cmp.Or(cfg.Version, "1")},
		"servers": []object{{"url": cfg.Server}},
		"paths":   paths,
		"components": object{
			"schemas":         schemas,
			"responses":       shared,
			"securitySchemes": schemes,
		},
		"tags": tags(api),
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

var safeName = regexp.MustCompile(`[^A-Za-z0-9._-]`)

func lower(method string) string {
	b := []byte(method)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// tags are the plugins, one tag each.
func tags(api *apimodel.API) []object {
	seen := map[string]bool{}
	for _, op := range api.Operations {
		seen[op.Plugin] = true
	}
	var out []object
	for _, p := range slices.Sorted(maps.Keys(seen)) {
		out = append(out, object{"name": p})
	}
	return out
}

func operation(api *apimodel.API, op apimodel.Operation, cfg Config, keySchemes map[string]string, common map[int][]string) object {
	o := object{
		"operationId": op.Name,
		"tags":        []string{op.Plugin},
		"summary":     op.Name,
		"responses":   responses(op, cfg, common),
	}
	var params []object
	for _, p := range op.PathParams {
		params = append(params, object{"name": p, "in": "path", "required": true, "schema": object{"type": "string"}})
	}
	if op.Method == http.MethodGet {
		in := api.Resolve(op.Input)
		for _, p := range in.Properties {
			if !slices.Contains(op.PathParams, p.Name) {
				params = append(params, object{"name": p.Name, "in": "query", "schema": schema(p.Schema)})
			}
		}
	} else {
		content := object{"application/json": object{"schema": schema(op.Input)}}
		if op.Form {
			content["application/x-www-form-urlencoded"] = object{"schema": schema(op.Input)}
		}
		o["requestBody"] = object{"content": content,
			"description": "The input; an empty body is {}. Unknown fields are refused."}
	}
	if params != nil {
		o["parameters"] = params
	}
	if sec := security(op, keySchemes); sec != nil {
		o["security"] = sec
	}
	o["x-sesame-session"] = [...]string{"none", "optional", "user", "fresh"}[op.Session]
	if op.Writes {
		o["description"] = "Changes state: a browser's request must come from a trusted origin."
	}
	return o
}

// security lists the ways to prove the session an operation needs.
func security(op apimodel.Operation, keySchemes map[string]string) []object {
	if op.Session == auth.SessionNone {
		return nil
	}
	var out []object
	if op.Session == auth.SessionOptional {
		out = append(out, object{}) // anonymous callers too
	}
	out = append(out, object{"sessionCookie": []string{}}, object{"bearer": []string{}})
	if op.AcceptsKeys && op.Session == auth.SessionUser {
		for _, h := range slices.Sorted(maps.Keys(keySchemes)) {
			out = append(out, object{keySchemes[h]: []string{}})
		}
	}
	return out
}

// responses are the answer and the error answers, one per status with
// the codes of that status: the shared answer of components/responses
// when the operation adds no code of that status to the common ones.
func responses(op apimodel.Operation, cfg Config, common map[int][]string) object {
	out := object{"200": object{"description": "The answer.",
		"content": object{"application/json": object{"schema": schema(op.Output)}}}}
	for status, codes := range byStatus(op.Codes) {
		if slices.Equal(codes, common[status]) {
			out[strconv.Itoa(status)] = object{"$ref": "#/components/responses/" + errorName(status)}
		} else {
			out[strconv.Itoa(status)] = errorResponse(status, codes, cfg)
		}
	}
	return out
}

func byStatus(codes []apimodel.Code) map[int][]string {
	out := map[int][]string{}
	for _, c := range codes {
		out[c.Status] = append(out[c.Status], c.Code)
	}
	return out
}

func errorName(status int) string { return "Error" + strconv.Itoa(status) }

// errorResponse is an error answer of a status that carries codes.
func errorResponse(status int, codes []string, cfg Config) object {
	body := object{"description": "as the host's EncodeErrors writes it"}
	if !cfg.CustomErrors {
		body = object{"$ref": "#/components/schemas/Error", "properties": object{
			"error": object{"properties": object{"code": object{"enum": codes}}}}}
	}
	return object{
		"description": http.StatusText(status) + ": " + strings.Join(codes, ", "),
		"content":     object{"application/json": object{"schema": body}},
	}
}

// errorBody is the schema of {"error":{"code","message"}}; each answer
// narrows the code to its closed set.
func errorBody() object {
	code := object{"type": "string"}
	return object{"type": "object", "required": []string{"error"}, "properties": object{
		"error": object{"type": "object", "required": []string{"code", "message"}, "properties": object{
			"code":    code,
			"message": object{"type": "string"},
		}},
	}}
}
