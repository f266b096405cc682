module github.com/sesame-go/sesame/authui

go 1.26.0

require (
	github.com/sesame-go/sesame v0.1.0
	github.com/sesame-go/sesame/plugin/password v0.1.0
	rsc.io/qr v0.2.0
)

require (
	github.com/sesame-go/sesame/sqlb v0.1.0 // indirect
	golang.org/x/crypto v0.58.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace (
	github.com/sesame-go/sesame => ..
	github.com/sesame-go/sesame/plugin/password => ../plugin/password
	github.com/sesame-go/sesame/sqlb => ../sqlb
)
