module refuse

go 1.21

require (
	example.com/asm v0.0.0
	example.com/cgo v0.0.0
	example.com/embed v0.0.0
	example.com/linkname v0.0.0
	example.com/newgo v0.0.0
	example.com/release v0.0.0
)

replace (
	example.com/asm => ./asm
	example.com/cgo => ./cgo
	example.com/embed => ./embed
	example.com/linkname => ./linkname
	example.com/newgo => ./newgo
	example.com/release => ./release
)
