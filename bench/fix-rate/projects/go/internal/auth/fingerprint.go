package auth

import (
	"crypto/md5"
	"encoding/hex"
	"io"
)

// Fingerprint identifies an uploaded attachment so a tampered copy is noticed.
func Fingerprint(r io.Reader) (string, error) {
	h := md5.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
