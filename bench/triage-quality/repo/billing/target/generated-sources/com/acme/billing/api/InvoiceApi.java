package com.acme.billing.api;

import java.util.Random;

@javax.annotation.Generated(value = "org.openapitools.codegen.languages.SpringCodegen")
public class InvoiceApi {
    private final Random random = new Random();

    public String requestId() {
        return Long.toHexString(random.nextLong());
    }
}
