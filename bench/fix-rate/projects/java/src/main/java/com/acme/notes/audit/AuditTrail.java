package com.acme.notes.audit;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Who did what, in the database and in the server log. */
public class AuditTrail {
    private static final Logger LOGGER = Logger.getLogger(AuditTrail.class.getName());

    private final Connection connection;

    public AuditTrail(Connection connection) {
        this.connection = connection;
    }

    public void record(String user, String action) throws SQLException {
        Statement statement = connection.createStatement();
        statement.executeUpdate("INSERT INTO audit (actor, action) VALUES ('" + user + "', '" + action + "')");
        statement.close();
        LOGGER.info("Audit: " + user + " " + action);
    }

    public void failed(String action, Exception cause) {
        LOGGER.log(Level.WARNING, "Audit write failed", cause);
    }
}
