package com.acme.billing.web;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.sql.DataSource;

public class InvoiceController {
    private static final String OPEN_INVOICES = "SELECT id, total FROM invoices WHERE status = 'open'";
    private static final Set<String> SORT_COLUMNS = Set.of("issued_at", "total", "status");
    private final DataSource dataSource;

    public InvoiceController(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public ResultSet openInvoices() throws SQLException {
        Statement stmt = dataSource.getConnection().createStatement();
        return stmt.executeQuery(OPEN_INVOICES);
    }

    public ResultSet invoiceById(HttpServletRequest request) throws SQLException {
        String id = request.getParameter("id");
        Statement stmt = dataSource.getConnection().createStatement();
        return stmt.executeQuery("SELECT * FROM invoices WHERE id = '" + id + "'");
    }

    public ResultSet invoicesForCustomer(HttpServletRequest request) throws SQLException {
        String customer = request.getParameter("customer");
        Connection conn = dataSource.getConnection();
        PreparedStatement ps = conn.prepareStatement("SELECT * FROM invoices WHERE customer_id = ?");
        ps.setString(1, customer);
        return ps.executeQuery();
    }

    public ResultSet invoicesAbove(HttpServletRequest request) throws SQLException {
        int amount = Integer.parseInt(request.getParameter("amount"));
        Statement stmt = dataSource.getConnection().createStatement();
        return stmt.executeQuery("SELECT * FROM invoices WHERE total > " + amount);
    }

    public ResultSet sortedInvoices(HttpServletRequest request) throws SQLException {
        String column = request.getParameter("sort");
        if (!SORT_COLUMNS.contains(column)) {
            throw new IllegalArgumentException("unknown sort column");
        }
        Statement stmt = dataSource.getConnection().createStatement();
        return stmt.executeQuery("SELECT * FROM invoices ORDER BY " + column);
    }

    public ResultSet searchInvoices(HttpServletRequest request) throws SQLException {
        String term = request.getParameter("q");
        String sql = String.format("SELECT * FROM invoices WHERE memo LIKE '%%%s%%'", term);
        return dataSource.getConnection().createStatement().executeQuery(sql);
    }

    public void export(HttpServletRequest request, HttpServletResponse response) throws IOException, SQLException {
        String year = request.getParameter("year");
        Statement stmt = dataSource.getConnection().createStatement();
        stmt.execute("COPY (SELECT * FROM invoices WHERE extract(year from issued_at) = " + year + ") TO STDOUT");
        response.setStatus(204);
    }
}
