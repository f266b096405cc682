module github.com/sesame-go/sesame/sqlb

go 1.26
