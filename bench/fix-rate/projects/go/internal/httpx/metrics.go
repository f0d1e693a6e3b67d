package httpx

import "net/http"

// MetricsServer serves the /metrics endpoint on the internal port.
func MetricsServer(addr string, h http.Handler) *http.Server {
	return &http.Server{Addr: addr, Handler: h}
}
