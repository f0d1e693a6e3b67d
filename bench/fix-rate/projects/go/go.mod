module example.com/notes

go 1.24.0
