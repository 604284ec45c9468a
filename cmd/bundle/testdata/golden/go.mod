module golden

go 1.18
