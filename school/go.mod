module github.com/sesame-go/sesame/school

go 1.26
