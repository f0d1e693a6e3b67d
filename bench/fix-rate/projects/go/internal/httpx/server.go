package httpx

import (
	"crypto/tls"
	"net/http"
)

// NewServer returns the public HTTPS server.
func NewServer(addr string, h http.Handler, cert tls.Certificate) *http.Server {
	return &http.Server{
		Addr:    addr,
		Handler: h,
		TLSConfig: &tls.Config{
			Certificates: []tls.Certificate{cert},
			MinVersion:   tls.VersionTLS10,
		},
	}
}
