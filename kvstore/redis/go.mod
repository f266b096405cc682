module github.com/sesame-go/sesame/kvstore/redis

go 1.26.0

require (
	github.com/redis/go-redis/v9 v9.23.0
	github.com/sesame-go/sesame v0.1.0
	github.com/sesame-go/sesame/sqlb v0.1.0
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	go.uber.org/atomic v1.12.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
)

replace (
	github.com/sesame-go/sesame => ../..
	github.com/sesame-go/sesame/sqlb => ../../sqlb
)
