package org.slf4j;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Formats `{}` placeholders like SLF4J and keeps the lines in memory (and on stderr). */
public final class LoggerFactory {
    private static final List<String> LINES = Collections.synchronizedList(new ArrayList<>());

    private LoggerFactory() {}

    public static Logger getLogger(Class<?> owner) {
        return new Logger() {
            public void debug(String message, Object... arguments) {
                write("DEBUG", message, arguments);
            }

            public void info(String message, Object... arguments) {
                write("INFO", message, arguments);
            }

            public void warn(String message, Object... arguments) {
                write("WARN", message, arguments);
            }

            public void error(String message, Object... arguments) {
                write("ERROR", message, arguments);
            }

            private void write(String level, String message, Object... arguments) {
                StringBuilder out = new StringBuilder(level).append(' ').append(owner.getSimpleName()).append(": ");
                int next = 0;
                String rest = String.valueOf(message);
                int at;
                while ((at = rest.indexOf("{}")) >= 0 && next < arguments.length) {
                    out.append(rest, 0, at).append(arguments[next++]);
                    rest = rest.substring(at + 2);
                }
                out.append(rest);
                if (next < arguments.length && arguments[next] instanceof Throwable) {
                    out.append(" [").append(arguments[next]).append(']');
                }
                LINES.add(out.toString());
            }
        };
    }

    /** Every line logged so far (for the project's checks). */
    public static List<String> lines() {
        return LINES;
    }
}
