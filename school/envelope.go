package school

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// reasonLimit caps [Error.Reason], in bytes.
const reasonLimit = 200

// bom is the UTF-8 byte order mark a PHP source file saved with one puts
// before its output.
var bom = []byte("\xef\xbb\xbf")

// envelope is the house envelope of the SmartClass API (§2.3):
// {"message": {"success": "Loaded!"}, "<items>": [...]} on success and
// {"message": {"error": "..."}} on failure, sometimes wrapped in a
// one-element top-level array.
type envelope struct {
	object    json.RawMessage // the envelope object, without the array
	success   string          // message.success
	isSuccess bool
	failure   string // message.error, as text
	isFailure bool
}

// decodeEnvelope reads the house envelope leniently: a leading byte order
// mark and white space are ignored, a one-element array is unwrapped, and
// message.error may be any non-null JSON value. It stays strict where a
// mistake would turn a failure into a success: message.success must be a
// JSON string, and a message that holds both keys is a failure. On error it
// returns the zero envelope.
func decodeEnvelope(body []byte) (envelope, error) {
	data := bytes.TrimSpace(bytes.TrimPrefix(body, bom))
	if len(data) > 0 && data[0] == '[' {
		var items []json.RawMessage
		if err := json.Unmarshal(data, &items); err != nil {
			return envelope{}, fmt.Errorf("school: envelope: %w", err)
		}
		if len(items) != 1 {
			return envelope{}, fmt.Errorf("school: envelope: array of %d elements, want 1", len(items))
		}
		data = bytes.TrimSpace(items[0])
	}
	if len(data) == 0 || data[0] != '{' {
		return envelope{}, errors.New("school: envelope: not a JSON object")
	}
	var top struct {
		Message json.RawMessage `json:"message"`
	}
	if err := json.Unmarshal(data, &top); err != nil {
		return envelope{}, fmt.Errorf("school: envelope: %w", err)
	}
	if len(top.Message) == 0 || top.Message[0] != '{' {
		return envelope{}, errors.New("school: envelope: message is not an object")
	}
	var message struct {
		Success json.RawMessage `json:"success"`
		Error   json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(top.Message, &message); err != nil {
		return envelope{}, fmt.Errorf("school: envelope: message: %w", err)
	}
	env := envelope{object: data}
	switch {
	case len(message.Error) > 0 && string(message.Error) != "null":
		env.isFailure, env.failure = true, jsonText(message.Error)
	case len(message.Success) > 0 && message.Success[0] == '"':
		if err := json.Unmarshal(message.Success, &env.success); err != nil {
			return envelope{}, fmt.Errorf("school: envelope: message.success: %w", err)
		}
		env.isSuccess = true
	default:
		return envelope{}, errors.New("school: envelope: message holds neither a success text nor an error")
	}
	return env, nil
}

// jsonText returns a JSON string's text, or any other JSON value as written.
func jsonText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// reason turns an error text or a plain-text body into one printable line
// of at most reasonLimit bytes, plus "..." when cut: invalid UTF-8, control
// and format characters and runs of white space become one space.
func reason(b []byte) string {
	s := strings.ToValidUTF8(string(bytes.TrimPrefix(b, bom)), "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= reasonLimit {
		return s
	}
	cut := reasonLimit
	for !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}
