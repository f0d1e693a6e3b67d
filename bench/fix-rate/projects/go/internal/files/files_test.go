package files

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestImportExtractsNestedEntries(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "in.zip")
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range map[string]string{"a.txt": "alpha", "sub/b.txt": "beta"} {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(src, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(dir, "out")
	n, err := Import(src, dest)
	if err != nil || n != 2 {
		t.Fatalf("imported %d, %v", n, err)
	}
	got, err := os.ReadFile(filepath.Join(dest, "sub", "b.txt"))
	if err != nil || string(got) != "beta" {
		t.Fatalf("sub/b.txt = %q, %v", got, err)
	}
}

func TestReadCompressed(t *testing.T) {
	var buf bytes.Buffer
	gw := gzip.NewWriter(&buf)
	if _, err := gw.Write([]byte("hello")); err != nil {
		t.Fatal(err)
	}
	if err := gw.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := ReadCompressed(&buf)
	if err != nil || string(got) != "hello" {
		t.Fatalf("got %q, %v", got, err)
	}
}

func TestSaveServeAndExport(t *testing.T) {
	d := Dir{Root: filepath.Join(t.TempDir(), "att")}
	if err := d.Save("doc.txt", []byte("content")); err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	d.ServeHTTP(rec, httptest.NewRequest("GET", "/?name=doc.txt", nil))
	if rec.Code != 200 || rec.Body.String() != "content" {
		t.Fatalf("served %d %q", rec.Code, rec.Body.String())
	}
	rec = httptest.NewRecorder()
	d.ServeHTTP(rec, httptest.NewRequest("GET", "/?name=missing.txt", nil))
	if rec.Code != 404 {
		t.Fatalf("missing file: %d", rec.Code)
	}
	out := filepath.Join(t.TempDir(), "list.txt")
	if err := Export(out, []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(out); string(got) != "a\nb\n" {
		t.Fatalf("export %q", got)
	}
}
