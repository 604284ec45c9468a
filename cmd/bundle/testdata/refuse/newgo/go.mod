module example.com/newgo

go 1.21
