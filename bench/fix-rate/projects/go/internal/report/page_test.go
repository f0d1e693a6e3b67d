package report

import (
	"net/http/httptest"
	"strings"
	"testing"
)

func TestRenderListsTitles(t *testing.T) {
	rec := httptest.NewRecorder()
	if err := Render(rec, Summary{Owner: "ada", Titles: []string{"one", "two"}}); err != nil {
		t.Fatal(err)
	}
	body := rec.Body.String()
	if !strings.Contains(body, "<li>one</li>") || !strings.Contains(body, "<h1>ada</h1>") {
		t.Fatalf("body %q", body)
	}
}
