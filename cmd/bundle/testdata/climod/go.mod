module climod

go 1.18
