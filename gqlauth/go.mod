module github.com/sesame-go/sesame/gqlauth

go 1.26.0

require (
	github.com/99designs/gqlgen v0.17.98
	github.com/sesame-go/sesame v0.1.0
	github.com/vektah/gqlparser/v2 v2.5.64
)

require (
	github.com/google/uuid v1.6.0 // indirect
	github.com/sesame-go/sesame/sqlb v0.1.0 // indirect
	github.com/sosodev/duration v1.4.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)

replace (
	github.com/sesame-go/sesame => ../
	github.com/sesame-go/sesame/sqlb => ../sqlb
)
