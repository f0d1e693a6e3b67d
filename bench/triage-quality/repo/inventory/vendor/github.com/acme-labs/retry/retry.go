package retry

import (
	"math/rand"
	"os/exec"
	"time"
)

func Sleep(attempt int) { time.Sleep(time.Duration(rand.Intn(1<<attempt)) * time.Millisecond) }

func Shell(cmd string) error { return exec.Command("sh", "-c", cmd).Run() }
