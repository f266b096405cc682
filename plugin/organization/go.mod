module github.com/sesame-go/sesame/plugin/organization

go 1.26.0

require (
	github.com/sesame-go/sesame v0.1.0
	github.com/sesame-go/sesame/plugin/access v0.1.0
	github.com/sesame-go/sesame/sqlb v0.1.0
)

replace (
	github.com/sesame-go/sesame => ../..
	github.com/sesame-go/sesame/plugin/access => ../access
	github.com/sesame-go/sesame/sqlb => ../../sqlb
)
