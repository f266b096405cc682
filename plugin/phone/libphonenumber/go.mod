module github.com/sesame-go/sesame/plugin/phone/libphonenumber

go 1.26.0

require (
	github.com/nyaruka/phonenumbers v1.8.1
	github.com/sesame-go/sesame v0.1.0
)

require (
	github.com/sesame-go/sesame/sqlb v0.1.0 // indirect
	golang.org/x/text v0.23.0 // indirect
	google.golang.org/protobuf v1.36.11 // indirect
)

replace (
	github.com/sesame-go/sesame => ../../..
	github.com/sesame-go/sesame/sqlb => ../../../sqlb
)
