module github.com/sesame-go/sesame/authcli/test

go 1.26.0

require (
	github.com/sesame-go/sesame v0.1.0
	github.com/sesame-go/sesame/authtest v0.1.0
	github.com/sesame-go/sesame/plugin/access v0.1.0
	github.com/sesame-go/sesame/plugin/organization v0.1.0
	github.com/sesame-go/sesame/plugin/passkey v0.1.0
	github.com/sesame-go/sesame/plugin/password v0.1.0
	github.com/sesame-go/sesame/sqlb v0.1.0
)

require (
	filippo.io/edwards25519 v1.2.0 // indirect
	github.com/dustin/go-humanize v1.1.0 // indirect
	github.com/fxamacker/cbor/v2 v2.9.4 // indirect
	github.com/go-sql-driver/mysql v1.10.1 // indirect
	github.com/go-viper/mapstructure/v2 v2.5.0 // indirect
	github.com/go-webauthn/webauthn v0.18.2 // indirect
	github.com/go-webauthn/x v0.3.1 // indirect
	github.com/golang-jwt/jwt/v5 v5.3.1 // indirect
	github.com/google/go-tpm v0.9.8 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/pgx/v5 v5.12.0 // indirect
	github.com/jackc/puddle/v2 v2.2.3 // indirect
	github.com/mattn/go-isatty v0.0.24 // indirect
	github.com/ncruces/go-strftime v1.1.0 // indirect
	github.com/philhofer/fwd v1.2.0 // indirect
	github.com/remyoudompheng/bigfft v0.0.0-20230129092748-24d4a6f8daec // indirect
	github.com/sesame-go/sesame/plugin/referral v0.1.0
	github.com/tinylib/msgp v1.6.4 // indirect
	github.com/x448/float16 v0.8.4 // indirect
	golang.org/x/crypto v0.58.0 // indirect
	golang.org/x/net v0.60.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	modernc.org/libc v1.79.0 // indirect
	modernc.org/mathutil v1.7.1 // indirect
	modernc.org/memory v1.12.1 // indirect
	modernc.org/sqlite v1.61.1 // indirect
)

replace (
	github.com/sesame-go/sesame => ../..
	github.com/sesame-go/sesame/authtest => ../../authtest
	github.com/sesame-go/sesame/plugin/access => ../../plugin/access
	github.com/sesame-go/sesame/plugin/organization => ../../plugin/organization
	github.com/sesame-go/sesame/plugin/passkey => ../../plugin/passkey
	github.com/sesame-go/sesame/plugin/password => ../../plugin/password
	github.com/sesame-go/sesame/plugin/referral => ../../plugin/referral
	github.com/sesame-go/sesame/sqlb => ../../sqlb
)
