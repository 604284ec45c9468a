module example.com/asm

go 1.18
