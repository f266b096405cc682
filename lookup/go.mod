module github.com/sesame-go/sesame/lookup

go 1.26
