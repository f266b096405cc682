package authui

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// builtIn are the catalogs that come with the package, by language.
var builtIn = map[string]map[string]string{"en": english, "de": german}

// DefaultMessages returns a copy of the built-in catalog of a language
// ("en" or "de"), or nil: every key the pages use, with its text. A host
// starts a catalog of its own language from it ([Messages]).
func DefaultMessages(lang string) map[string]string {
	m, ok := builtIn[lang]
	if !ok {
		return nil
	}
	return maps.Clone(m)
}

// catalogs builds the catalog of each offered language: the built-in one
// with the host's messages over it. It reports every problem: a language
// with no catalog or a key missing from one, a host message of a key no
// page uses. methodKeys are the keys of the plugins' buttons, which a
// host may translate and need not.
func buildCatalogs(cfg *config, methodKeys []string) (map[string]map[string]string, []string) {
	var problems []string
	if len(cfg.languages) == 0 {
		problems = append(problems, "authui: Languages: no language offered")
	}
	out := map[string]map[string]string{}
	for lang, msgs := range cfg.messages {
		if !slices.Contains(cfg.languages, lang) {
			problems = append(problems, fmt.Sprintf("authui: Messages(%q): the language is not offered (Languages)", lang))
		}
		for _, k := range slices.Sorted(maps.Keys(msgs)) {
			if _, used := english[k]; !used && !slices.Contains(methodKeys, k) {
				problems = append(problems, fmt.Sprintf("authui: Messages(%q): no page uses the key %q", lang, k))
			}
		}
	}
	for _, lang := range cfg.languages {
		if _, dup := out[lang]; dup {
			problems = append(problems, fmt.Sprintf("authui: Languages: %q is offered twice", lang))
			continue
		}
		c := maps.Clone(builtIn[lang])
		if c == nil {
			c = map[string]string{}
		}
		maps.Copy(c, cfg.messages[lang])
		var missing []string
		for k := range english {
			if c[k] == "" {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			slices.Sort(missing)
			problems = append(problems, fmt.Sprintf("authui: the %q catalog lacks %d keys: %s", lang, len(missing), strings.Join(missing, ", ")))
		}
		out[lang] = c
	}
	return out, problems
}

// translate returns the message of key in catalog c with its
// placeholders {0}, {1} ... replaced by args, or the English one when c
// has none. A key in no catalog is a bug of a template: it shows as
// itself, marked, and the check of every page's keys catches it.
func translate(c map[string]string, key string, args []any) string {
	msg, ok := c[key]
	if !ok {
		if msg, ok = english[key]; !ok {
			return "[[" + key + "]]"
		}
	}
	for i, a := range args {
		msg = strings.ReplaceAll(msg, "{"+strconv.Itoa(i)+"}", fmt.Sprint(a))
	}
	return msg
}

// negotiate returns the offered language an Accept-Language header
// prefers (RFC 9110 §12.5.4), by primary tag, or the default: the first
// offered.
func negotiate(header string, offered []string) string {
	best, bestQ := offered[0], 0.0
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				continue
			}
			q = f
		}
		primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		if strings.HasPrefix(strings.ToLower(tag), "x-") {
			primary = strings.ToLower(tag) // private-use tags, such as a pseudo-locale, match whole
		}
		for _, lang := range offered {
			if lang == primary && q > bestQ {
				best, bestQ = lang, q
			}
		}
	}
	return best
}
