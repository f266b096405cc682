module github.com/sesame-go/sesame/gqlauth/test/project

go 1.26.0

require (
	github.com/99designs/gqlgen v0.17.98
	github.com/sesame-go/sesame v0.1.0
	github.com/sesame-go/sesame/gqlauth v0.1.0
	github.com/sesame-go/sesame/plugin/password v0.1.0
	github.com/vektah/gqlparser/v2 v2.5.64
)

require (
	github.com/agnivade/levenshtein v1.2.2 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/sesame-go/sesame/sqlb v0.1.0 // indirect
	github.com/sosodev/duration v1.4.0 // indirect
	golang.org/x/crypto v0.58.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace (
	github.com/sesame-go/sesame => ../../..
	github.com/sesame-go/sesame/gqlauth => ../..
	github.com/sesame-go/sesame/plugin/password => ../../../plugin/password
	github.com/sesame-go/sesame/sqlb => ../../../sqlb
)
