module expbot

go 1.18

require golang.org/x/exp v0.0.0-20230321023759-10a507213a29
