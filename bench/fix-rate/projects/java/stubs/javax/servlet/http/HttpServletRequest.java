package javax.servlet.http;

public interface HttpServletRequest {
    String getParameter(String name);

    String getHeader(String name);

    String getPathInfo();

    String getRemoteAddr();

    boolean isSecure();
}
