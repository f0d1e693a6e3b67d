package store

import (
	"crypto/md5"
	"fmt"
	"math/rand"
	"testing"
)

func TestBySKU(t *testing.T) {
	sku := fmt.Sprintf("SKU-%d", rand.Intn(1000))
	_ = md5.Sum([]byte(sku))
	query := fmt.Sprintf("SELECT * FROM stock_levels WHERE sku = '%s'", sku)
	if query == "" {
		t.Fatal("empty query")
	}
}
