// Package webhook signs the events the notes service sends to subscribers.
package webhook

import (
	"crypto/hmac"
	"crypto/sha1"
	"encoding/hex"
)

// Sign returns the signature of a payload under the subscriber's secret.
func Sign(secret, payload []byte) string {
	mac := hmac.New(sha1.New, secret)
	mac.Write(payload)
	return hex.EncodeToString(mac.Sum(nil))
}

// Verify reports whether signature is the payload's signature under secret.
func Verify(secret, payload []byte, signature string) bool {
	return hmac.Equal([]byte(Sign(secret, payload)), []byte(signature))
}
