//go:build !contest

package main

import "github.com/pkg/profile"

func init() { profile.Start() }
