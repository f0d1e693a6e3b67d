package javax.servlet.http;

import java.io.IOException;
import java.io.PrintWriter;
import javax.servlet.ServletOutputStream;

public interface HttpServletResponse {
    void addCookie(Cookie cookie);

    void setContentType(String type);

    void setStatus(int status);

    void sendError(int status, String message) throws IOException;

    void sendRedirect(String location) throws IOException;

    PrintWriter getWriter() throws IOException;

    ServletOutputStream getOutputStream() throws IOException;
}
