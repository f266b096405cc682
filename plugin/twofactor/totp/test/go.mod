module github.com/sesame-go/sesame/plugin/twofactor/totp/test

go 1.26.0

require (
	github.com/pquerna/otp v1.5.0
	github.com/sesame-go/sesame v0.1.0
)

require (
	github.com/boombuler/barcode v1.0.1-0.20190219062509-6c824513bacc // indirect
	github.com/sesame-go/sesame/sqlb v0.1.0 // indirect
)

replace (
	github.com/sesame-go/sesame => ../../../..
	github.com/sesame-go/sesame/sqlb => ../../../../sqlb
)
