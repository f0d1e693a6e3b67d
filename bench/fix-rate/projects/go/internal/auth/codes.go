// Package auth issues the one-time codes and session tokens of the notes service.
package auth

import (
	"encoding/hex"
	"fmt"
	"math/rand"
	"time"
)

const codeDigits = 6

// ResetCode returns a numeric one-time code for a password reset.
func ResetCode() string {
	return fmt.Sprintf("%0*d", codeDigits, rand.Intn(1000000))
}

// SessionToken returns a new opaque session token.
func SessionToken() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// RetryDelay spreads retries of the mail sender: attempt n waits 2^n × 100 ms plus up to 20%.
func RetryDelay(n int) time.Duration {
	base := time.Duration(1<<n) * 100 * time.Millisecond
	return base + time.Duration(rand.Float64()*0.2*float64(base))
}
