module github.com/acme-labs/inventory

go 1.22
