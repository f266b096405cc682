package metadata_test

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sesame-go/sesame/auth"
	"github.com/sesame-go/sesame/plugin/metadata"
)

// A host's schema: the user's editable document holds display settings
// only. The journeys run in plugin/metadata/test on every engine.
func ExampleWithSchema() {
	settings := func(kind metadata.Kind, doc json.RawMessage) error {
		if kind != metadata.Editable {
			return nil
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(doc, &m); err != nil {
			return err
		}
		for key := range m {
			if key != "theme" && key != "language" {
				return fmt.Errorf("%q is not a setting", key)
			}
		}
		return nil
	}
	_ = metadata.New(metadata.WithSchema(settings)) // wired into auth.New with the other plugins
	// What an update of {"theme":"dark","admin":true} answers, as
	// invalid_metadata with this message:
	fmt.Println(settings(metadata.Editable, json.RawMessage(`{"theme":"dark","admin":true}`)))
	fmt.Println(settings(metadata.Editable, json.RawMessage(`{"theme":"dark"}`)))
	// Output:
	// "admin" is not a setting
	// <nil>
}

// The size limit is checked at auth.New.
func ExampleWithMaxSize() {
	_, err := auth.New(auth.WithBaseURL("https://acme.example/auth"), auth.WithPlugins(metadata.New(metadata.WithMaxSize(1<<20))))
	for _, line := range strings.Split(err.Error(), "\n") {
		if strings.Contains(line, "metadata:") {
			fmt.Println(line)
		}
	}
	// Output:
	// auth: plugin metadata: metadata: WithMaxSize(1048576) must be 2 to 49152 bytes
}
