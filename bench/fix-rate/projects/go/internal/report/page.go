// Package report renders the weekly summary page.
package report

import (
	"net/http"
	"text/template"
)

var page = template.Must(template.New("summary").Parse(`<html><body><h1>{{.Owner}}</h1><ul>{{range .Titles}}<li>{{.}}</li>{{end}}</ul></body></html>`))

// Summary is what the page shows.
type Summary struct {
	Owner  string
	Titles []string
}

// Render writes the summary page.
func Render(w http.ResponseWriter, s Summary) error {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	return page.Execute(w, s)
}
