module github.com/sesame-go/sesame/bench

go 1.26.0

require (
	github.com/jackc/pgx/v5 v5.12.0
	github.com/redis/go-redis/v9 v9.23.0
	github.com/sesame-go/sesame v0.1.0
	github.com/sesame-go/sesame/kvstore/redis v0.1.0
	github.com/sesame-go/sesame/plugin/password v0.1.0
	github.com/sesame-go/sesame/sqlb v0.1.0
	golang.org/x/crypto v0.58.0
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/puddle/v2 v2.2.3 // indirect
	go.uber.org/atomic v1.12.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace (
	github.com/sesame-go/sesame => ..
	github.com/sesame-go/sesame/kvstore/redis => ../kvstore/redis
	github.com/sesame-go/sesame/plugin/password => ../plugin/password
	github.com/sesame-go/sesame/sqlb => ../sqlb
)
