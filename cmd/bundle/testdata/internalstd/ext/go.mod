module example.com/ext

go 1.18
