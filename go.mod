module github.com/sesame-go/sesame

go 1.26.0

require github.com/sesame-go/sesame/sqlb v0.1.0

replace github.com/sesame-go/sesame/sqlb => ./sqlb
