package javax.servlet.http;

import java.io.IOException;
import javax.servlet.ServletException;

public abstract class HttpServlet {
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        response.sendError(405, "GET not supported");
    }

    protected void doPost(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        response.sendError(405, "POST not supported");
    }
}
