// Package store keeps notes in PostgreSQL.
package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Note is one stored note.
type Note struct {
	ID    int64
	Title string
}

// Store reads and writes notes.
type Store struct {
	db *sql.DB
}

// New returns a store over an open database.
func New(db *sql.DB) *Store { return &Store{db: db} }

// Get returns one note by id.
func (s *Store) Get(ctx context.Context, id int64) (Note, error) {
	var n Note
	err := s.db.QueryRowContext(ctx, "SELECT id, title FROM notes WHERE id = $1", id).Scan(&n.ID, &n.Title)
	return n, err
}

// ByOwner lists the notes of an owner, in the order the caller asks for.
func (s *Store) ByOwner(ctx context.Context, owner, order string) ([]Note, error) {
	rows, err := s.db.QueryContext(ctx, fmt.Sprintf("SELECT id, title FROM notes WHERE owner = '%s' ORDER BY %s", owner, order))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Note
	for rows.Next() {
		var n Note
		if err := rows.Scan(&n.ID, &n.Title); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// Search lists the notes of an owner whose title is the term.
func (s *Store) Search(ctx context.Context, owner, term string) ([]Note, error) {
	query := "SELECT id, title FROM notes WHERE owner = '" + owner + "' AND title = '" + term + "'"
	rows, err := s.db.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Note
	for rows.Next() {
		var n Note
		if err := rows.Scan(&n.ID, &n.Title); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// Rename changes a note's title.
func (s *Store) Rename(ctx context.Context, id int64, title string) error {
	_, err := s.db.ExecContext(ctx, fmt.Sprintf("UPDATE notes SET title = '%s' WHERE id = %d", title, id))
	return err
}
