module github.com/sesame-go/sesame/plugin/oauth/goth

go 1.26.0

require (
	github.com/markbates/goth v1.82.0
	github.com/sesame-go/sesame v0.1.0
)

require (
	github.com/sesame-go/sesame/sqlb v0.1.0 // indirect
	golang.org/x/oauth2 v0.27.0 // indirect
)

replace (
	github.com/sesame-go/sesame => ../../..
	github.com/sesame-go/sesame/sqlb => ../../../sqlb
)
