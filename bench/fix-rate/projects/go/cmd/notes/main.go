// Command notes serves the notes API.
package main

import (
	"log"
	"net/http"
	"os"

	"example.com/notes/internal/files"
)

func main() {
	mux := http.NewServeMux()
	mux.Handle("/attachments", files.Dir{Root: os.Getenv("NOTES_DATA")})
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})
	log.Fatal(http.ListenAndServe(":8080", mux))
}
