package httpx

import (
	"crypto/tls"
	"net/http"
	"testing"
)

func TestServerKeepsAddressAndHandler(t *testing.T) {
	h := http.NotFoundHandler()
	srv := NewServer(":8443", h, tls.Certificate{})
	if srv.Addr != ":8443" || srv.Handler == nil || srv.TLSConfig == nil {
		t.Fatalf("server %+v", srv)
	}
	if srv.TLSConfig.MinVersion != 0 && srv.TLSConfig.MinVersion < tls.VersionTLS10 {
		t.Fatalf("min version %x", srv.TLSConfig.MinVersion)
	}
	if c := NewClient(nil); c.Timeout == 0 {
		t.Fatal("client without timeout")
	}
}
