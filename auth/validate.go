package auth

import "fmt"

// validatePlugins runs every plugin's Validate and returns its complaints.
// It runs whatever the core found, so that New lists every problem at
// once; a panic in Validate, which a half-made instance can cause, is one
// more complaint rather than a crash of New.
func (a *Auth) validatePlugins() []error {
	var problems []error
	for _, p := range a.cfg.plugins {
		if v, ok := p.(Validator); ok {
			if err := validate(a, v); err != nil {
				problems = append(problems, fmt.Errorf("auth: plugin %s: %w", p.Name(), err))
			}
		}
	}
	return problems
}

// validate calls v.Validate(a), turning a panic into an error.
func validate(a *Auth, v Validator) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panicked in Validate on this configuration: %v", r)
		}
	}()
	return v.Validate(a)
}
