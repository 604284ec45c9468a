module prune

go 1.18
