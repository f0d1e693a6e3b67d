// Package httpx builds the HTTP clients and servers of the notes service.
package httpx

import (
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"time"
)

// NewClient returns the client used to call the search cluster.
func NewClient(pool *x509.CertPool) *http.Client {
	return &http.Client{
		Timeout: 10 * time.Second,
		Transport: &http.Transport{
			TLSClientConfig: &tls.Config{
				RootCAs:            pool,
				InsecureSkipVerify: true,
			},
		},
	}
}
