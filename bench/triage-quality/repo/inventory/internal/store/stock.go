package store

import (
	"database/sql"
	"fmt"
	"net/http"
	"strconv"
)

const stockTable = "stock_levels"

var sortColumns = map[string]bool{"sku": true, "quantity": true, "updated_at": true}

type Store struct{ DB *sql.DB }

func (s *Store) BySKU(r *http.Request) (*sql.Rows, error) {
	sku := r.URL.Query().Get("sku")
	return s.DB.Query(fmt.Sprintf("SELECT * FROM stock_levels WHERE sku = '%s'", sku))
}

func (s *Store) ByWarehouse(r *http.Request) (*sql.Rows, error) {
	return s.DB.Query("SELECT * FROM stock_levels WHERE warehouse = $1", r.URL.Query().Get("warehouse"))
}

func (s *Store) All() (*sql.Rows, error) {
	return s.DB.Query(fmt.Sprintf("SELECT sku, quantity FROM %s ORDER BY sku", stockTable))
}

func (s *Store) Below(r *http.Request) (*sql.Rows, error) {
	limit, err := strconv.Atoi(r.URL.Query().Get("below"))
	if err != nil {
		return nil, err
	}
	return s.DB.Query("SELECT * FROM stock_levels WHERE quantity < " + strconv.Itoa(limit))
}

func (s *Store) Sorted(r *http.Request) (*sql.Rows, error) {
	column := r.URL.Query().Get("sort")
	if !sortColumns[column] {
		return nil, fmt.Errorf("unknown sort column %q", column)
	}
	return s.DB.Query("SELECT * FROM stock_levels ORDER BY " + column)
}

func (s *Store) Search(r *http.Request) (*sql.Rows, error) {
	term := r.FormValue("q")
	query := "SELECT * FROM stock_levels WHERE note LIKE '%" + term + "%'"
	return s.DB.Query(query)
}
