module internalstd

go 1.18

require example.com/ext v0.0.0

replace example.com/ext => ./ext
