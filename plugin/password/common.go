package password

import (
	_ "embed"
	"strings"
	"sync"
)

// commonList is the list of the most common passwords, with its source:
// see the comment at the top of the file.
//
//go:embed common_passwords.txt
var commonList string

// commonPasswords is the set of commonList's passwords, built at first
// use.
var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 1500)
	for _, line := range strings.Split(commonList, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			set[line] = struct{}{}
		}
	}
	return set
})

// isCommon reports whether password is on the list of the most common
// passwords, in any letter case.
func isCommon(password string) bool {
	_, ok := commonPasswords()[strings.ToLower(password)]
	return ok
}
