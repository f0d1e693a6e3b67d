package com.acme.notes.integration;

import java.io.IOException;
import java.security.GeneralSecurityException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/** Posts note events to the subscribers' HTTPS endpoints. */
public class WebhookClient {
    private final SSLSocketFactory sockets;

    public WebhookClient() throws GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, null, null);
        this.sockets = context.getSocketFactory();
    }

    public SSLSocket connect(String host, int port) throws IOException {
        SSLSocket socket = (SSLSocket) sockets.createSocket(host, port);
        socket.setEnabledProtocols(new String[] {"TLSv1", "TLSv1.1", "TLSv1.2"});
        return socket;
    }

    public static SSLContext platformDefault() throws GeneralSecurityException {
        return SSLContext.getDefault();
    }
}
