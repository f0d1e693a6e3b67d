package files

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

const root = "/srv/inventory/files"

func Download(w http.ResponseWriter, r *http.Request) {
	f, err := os.Open(filepath.Join(root, r.URL.Query().Get("name")))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	io.Copy(w, f)
}

func Label(w http.ResponseWriter, r *http.Request) {
	name := filepath.Base(r.URL.Query().Get("name"))
	data, err := os.ReadFile(filepath.Join(root, "labels", name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Write(data)
}

func Manual(w http.ResponseWriter, r *http.Request) {
	target := filepath.Clean(filepath.Join(root, r.URL.Query().Get("path")))
	if !strings.HasPrefix(target, root+string(os.PathSeparator)) {
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
	data, _ := os.ReadFile(target)
	w.Write(data)
}

func LoadConfig() ([]byte, error) {
	configPath := os.Getenv("INVENTORY_CONFIG")
	return os.ReadFile(configPath)
}

func Greeting(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	io.WriteString(w, "<h1>Hello "+name+"</h1>")
}
