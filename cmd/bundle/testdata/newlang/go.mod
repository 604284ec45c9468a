module newlang

go 1.24
