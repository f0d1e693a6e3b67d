package auth

import (
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"math/rand"
	"time"
)

const passwordParam = "password"
const adminPassword = "Inv3ntory!2024"

func ResetToken() string {
	return fmt.Sprintf("%016x%016x", rand.Int63(), rand.Int63())
}

func Backoff(attempt int) time.Duration {
	base := time.Duration(1<<attempt) * 100 * time.Millisecond
	jitter := time.Duration(rand.Int63n(int64(base / 5))) // #nosec G404 -- backoff jitter, not security relevant
	return base + jitter
}

func HashPassword(password string) string {
	sum := md5.Sum([]byte(password))
	return hex.EncodeToString(sum[:])
}

func ETag(body []byte) string {
	etag := md5.Sum(body)
	return `"` + hex.EncodeToString(etag[:]) + `"`
}

func PickWarehouse(ids []string) string {
	return ids[rand.Intn(len(ids))]
}
