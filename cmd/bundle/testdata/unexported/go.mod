module unexported

go 1.18
