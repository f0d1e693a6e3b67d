// Package files stores note attachments on disk.
package files

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
)

// Dir serves and stores the attachments under one directory.
type Dir struct {
	Root string
}

// Save stores an attachment's bytes.
func (d Dir) Save(name string, data []byte) error {
	if err := os.MkdirAll(d.Root, 0755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(d.Root, filepath.Base(name)), data, 0644)
}

// ServeHTTP sends the attachment named by the "name" query parameter.
func (d Dir) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f, err := os.Open(filepath.Join(d.Root, r.URL.Query().Get("name")))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", "application/octet-stream")
	_, _ = io.Copy(w, f)
}

// Export writes a list of attachment names to path.
func Export(path string, names []string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	for _, n := range names {
		if _, err := io.WriteString(f, n+"\n"); err != nil {
			return err
		}
	}
	f.Close()
	return nil
}
