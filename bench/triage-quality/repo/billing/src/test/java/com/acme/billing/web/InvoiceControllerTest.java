package com.acme.billing.web;

import java.security.MessageDigest;
import java.sql.Statement;
import java.util.Random;
import org.junit.jupiter.api.Test;

class InvoiceControllerTest {
    @Test
    void insertsFixtures(Statement stmt) throws Exception {
        int id = new Random().nextInt(1000);
        stmt.execute("INSERT INTO invoices (id, status) VALUES (" + id + ", 'open')");
        MessageDigest.getInstance("MD5").digest("fixture".getBytes());
    }
}
