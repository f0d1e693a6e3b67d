package javax.servlet;

import java.io.OutputStream;

public abstract class ServletOutputStream extends OutputStream {
}
