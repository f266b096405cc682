module github.com/sesame-go/sesame/plugin/geo/maxmind

go 1.26.0

require (
	github.com/oschwald/maxminddb-golang/v2 v2.9.0
	github.com/sesame-go/sesame v0.1.0
	github.com/sesame-go/sesame/sqlb v0.1.0
)

require golang.org/x/sys v0.49.0 // indirect

replace (
	github.com/sesame-go/sesame => ../../..
	github.com/sesame-go/sesame/sqlb => ../../../sqlb
)
