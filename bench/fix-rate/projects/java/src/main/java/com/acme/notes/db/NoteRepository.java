package com.acme.notes.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Notes in the relational store. */
public class NoteRepository {
    private final Connection connection;

    public NoteRepository(Connection connection) {
        this.connection = connection;
    }

    public List<String> titlesOf(String owner) throws SQLException {
        List<String> titles = new ArrayList<>();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT title FROM notes WHERE owner = '" + owner + "' ORDER BY created_at DESC");
        while (rows.next()) {
            titles.add(rows.getString(1));
        }
        rows.close();
        statement.close();
        return titles;
    }

    public List<String> search(String term, int max) throws SQLException {
        List<String> titles = new ArrayList<>();
        try (Statement statement = connection.createStatement()) {
            String sql = "SELECT title FROM notes WHERE title LIKE '%" + term + "%' LIMIT " + max;
            try (ResultSet rows = statement.executeQuery(sql)) {
                while (rows.next()) {
                    titles.add(rows.getString(1));
                }
            }
        }
        return titles;
    }

    public int delete(long id, String owner) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return statement.executeUpdate("DELETE FROM notes WHERE id = " + id + " AND owner = '" + owner + "'");
        }
    }

    public List<String> sortedBy(String column) throws SQLException {
        List<String> titles = new ArrayList<>();
        Statement statement = connection.createStatement();
        try (ResultSet rows = statement.executeQuery("SELECT title FROM notes ORDER BY " + column)) {
            while (rows.next()) {
                titles.add(rows.getString(1));
            }
        } finally {
            statement.close();
        }
        return titles;
    }

    public String titleOf(long id) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT title FROM notes WHERE id = ?")) {
            statement.setLong(1, id);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? rows.getString(1) : null;
            }
        }
    }

    public int count() throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM notes")) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
