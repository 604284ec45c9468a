module impulse

go 1.26
