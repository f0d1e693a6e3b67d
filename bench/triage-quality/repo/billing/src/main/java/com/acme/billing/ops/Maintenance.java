package com.acme.billing.ops;

import java.io.IOException;
import javax.servlet.http.HttpServletRequest;

public class Maintenance {
    public Process convert(HttpServletRequest request) throws IOException {
        String file = request.getParameter("file");
        return Runtime.getRuntime().exec("convert /srv/uploads/" + file + " /tmp/out.pdf");
    }

    public Process vacuum() throws IOException {
        return new ProcessBuilder("psql", "-c", "VACUUM ANALYZE").start();
    }

    public Process backup() throws IOException {
        String target = System.getenv("BACKUP_TARGET");
        return Runtime.getRuntime().exec("pg_dump -f " + target + " billing");
    }

    public Process ping(HttpServletRequest request) throws IOException {
        String host = request.getParameter("host");
        return Runtime.getRuntime().exec(new String[] {"sh", "-c", "ping -c 1 " + host});
    }
}
