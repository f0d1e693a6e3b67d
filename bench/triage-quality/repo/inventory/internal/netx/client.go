package netx

import (
	"crypto/tls"
	"net/http"
	"os"
)

func InsecureClient() *http.Client {
	return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
}

func Proxy(w http.ResponseWriter, r *http.Request) {
	resp, err := http.Get(r.URL.Query().Get("url"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.WriteHeader(resp.StatusCode)
}

func PushMetrics() error {
	endpoint := os.Getenv("METRICS_ENDPOINT")
	resp, err := http.Get(endpoint + "/push")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
