package inventory

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
)

type Store struct{ db *sql.DB }

func (s *Store) BySku(sku string) (*sql.Rows, error) {
	// ruleid: go.lang.security.audit.database.string-formatted-query.string-formatted-query
	return s.db.Query(fmt.Sprintf("SELECT id, qty FROM stock WHERE sku = '%s'", sku))
}

func (s *Store) Rename(id int, name string) error {
	q := "UPDATE items SET name = '" + name + "' WHERE id = " + strconv.Itoa(id)
	// ruleid: go.lang.security.audit.database.string-formatted-query.string-formatted-query
	_, err := s.db.Exec(q)
	return err
}

func (s *Store) Safe(sku string, limit int) error {
	// ok: go.lang.security.audit.database.string-formatted-query.string-formatted-query
	rows, err := s.db.Query("SELECT id FROM stock WHERE sku = $1", sku)
	// ok: go.lang.security.audit.database.string-formatted-query.string-formatted-query
	more, err := s.db.Query(fmt.Sprintf("SELECT id FROM stock LIMIT %d", limit))
	fmt.Println(rows, more)
	return err
}

func (s *Store) Run(query string, args ...any) (*sql.Rows, error) {
	// ok: go.lang.security.audit.database.string-formatted-query.string-formatted-query
	return s.db.Query(query, args...)
}

// LoadSchema runs the SQL script at path (a file's text, not SQL built from the path).
func (s *Store) LoadSchema(path string) error {
	contents, err := os.ReadFile(filepath.Clean(path))
	if err != nil {
		return err
	}
	// ok: go.lang.security.audit.database.string-formatted-query.string-formatted-query
	_, err = s.db.Exec(string(contents))
	return err
}

func (s *Store) ByPathName(path string) (*sql.Rows, error) {
	name := filepath.Base(path)
	// ruleid: go.lang.security.audit.database.string-formatted-query.string-formatted-query
	return s.db.Query("SELECT id FROM files WHERE name = '" + name + "'")
}

func (s *Store) Handler(w http.ResponseWriter, r *http.Request) {
	loc := r.URL.Query().Get("location")
	// ruleid: go.lang.security.audit.database.string-formatted-query.string-formatted-query
	rows, _ := s.db.QueryContext(r.Context(), "SELECT id FROM stock WHERE location = '"+loc+"'")
	fmt.Fprintln(w, rows)
}

func Backup(dir string) error {
	// ruleid: go.lang.security.audit.dangerous-exec-command.dangerous-exec-command
	return exec.Command("sh", "-c", "tar -czf /tmp/backup.tgz "+dir).Run()
}

func Ping(c *gin.Context) {
	host := c.Query("host")
	// ruleid: go.lang.security.audit.dangerous-exec-command.dangerous-exec-command
	out, _ := exec.Command("/bin/bash", "-c", fmt.Sprintf("ping -c 1 %s", host)).Output()
	// ok: go.lang.security.audit.dangerous-exec-command.dangerous-exec-command
	out2, _ := exec.Command("ping", "-c", "1", host).Output()
	// ok: go.lang.security.audit.dangerous-exec-command.dangerous-exec-command
	out3, _ := exec.Command("sh", "-c", "uptime").Output()
	c.String(200, string(out)+string(out2)+string(out3))
}

func Download(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("file")
	// ruleid: go.lang.security.audit.net.tainted-file-path.tainted-file-path
	data, _ := os.ReadFile(filepath.Join("/srv/files", name))
	// ok: go.lang.security.audit.net.tainted-file-path.tainted-file-path
	safe, _ := os.ReadFile(filepath.Join("/srv/files", filepath.Base(name)))
	// ruleid: go.lang.security.audit.net.tainted-file-path.tainted-file-path
	http.ServeFile(w, r, "/srv/files/"+r.URL.Path)
	// ok: go.lang.security.audit.net.tainted-file-path.tainted-file-path
	conf, _ := os.Open("/etc/inventory.conf")
	w.Write(append(data, safe...))
	fmt.Println(conf)
}

func Extract(zr *zip.Reader, dest string) error {
	for _, f := range zr.File {
		// ruleid: go.lang.security.zip.path-traversal-inside-zip-extraction
		target := filepath.Join(dest, f.Name)
		rc, err := f.Open()
		if err != nil {
			return err
		}
		out, _ := os.Create(target)
		// ruleid: go.lang.security.decompression_bomb.potential-dos-via-decompression-bomb
		io.Copy(out, rc)
		// ok: go.lang.security.decompression_bomb.potential-dos-via-decompression-bomb
		io.Copy(out, io.LimitReader(rc, 10<<20))
	}
	return nil
}

func ExtractTar(tr *tar.Reader, dest string) error {
	for {
		hdr, err := tr.Next()
		if err != nil {
			return err
		}
		if !filepath.IsLocal(hdr.Name) {
			return fmt.Errorf("bad entry %q", hdr.Name)
		}
		// ok: go.lang.security.zip.path-traversal-inside-zip-extraction
		target := filepath.Join(dest, hdr.Name)
		// ok: go.lang.security.zip.path-traversal-inside-zip-extraction
		other := filepath.Join(dest, filepath.Base(hdr.Name))
		fmt.Println(target, other, strings.ToLower(dest))
	}
}

func Unzip(r io.Reader) ([]byte, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	// ruleid: go.lang.security.decompression_bomb.potential-dos-via-decompression-bomb
	return io.ReadAll(zr)
}

func UnzipLimited(r io.Reader) ([]byte, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	// ok: go.lang.security.decompression_bomb.potential-dos-via-decompression-bomb
	return io.ReadAll(io.LimitReader(zr, 1<<20))
}

func ExtractTarUnchecked(tr *tar.Reader, dest string) error {
	for {
		hdr, err := tr.Next()
		if err != nil {
			return err
		}
		// ruleid: go.lang.security.zip.path-traversal-inside-zip-extraction
		target := filepath.Join(dest, hdr.Name)
		out, _ := os.Create(target)
		io.Copy(out, tr)
	}
}
