module newapi

go 1.21
