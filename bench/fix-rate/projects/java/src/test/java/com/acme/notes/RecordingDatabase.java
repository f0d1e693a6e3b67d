package com.acme.notes;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A JDBC connection that runs nothing: it records each statement as the database would see it
 * (parameters substituted into `?`, strings quoted) and answers every query with the given rows.
 */
final class RecordingDatabase {
    final List<String> executed = new ArrayList<>();
    private final List<String> rows;

    RecordingDatabase(List<String> rows) {
        this.rows = rows;
    }

    Connection connection() {
        return proxy(Connection.class, (name, args) -> switch (name) {
            case "createStatement" -> statement(null);
            case "prepareStatement" -> statement((String) args[0]);
            case "close" -> null;
            default -> throw new UnsupportedOperationException(name);
        });
    }

    private Statement statement(String prepared) {
        Map<Integer, String> parameters = new TreeMap<>();
        Class<? extends Statement> type = prepared == null ? Statement.class : PreparedStatement.class;
        return proxy(type, (name, args) -> {
            if (name.startsWith("set") && args != null && args.length == 2 && args[0] instanceof Integer index) {
                parameters.put(index, args[1] instanceof String s ? "'" + s.replace("'", "''") + "'" : String.valueOf(args[1]));
                return null;
            }
            switch (name) {
                case "executeQuery", "executeUpdate", "execute" -> {
                    String sql = args != null && args.length > 0 ? (String) args[0] : prepared;
                    for (String value : parameters.values()) {
                        sql = sql.replaceFirst("\\?", java.util.regex.Matcher.quoteReplacement(value));
                    }
                    executed.add(sql);
                    if (name.equals("executeQuery")) return resultSet();
                    return name.equals("execute") ? Boolean.TRUE : Integer.valueOf(1);
                }
                case "close" -> {
                    return null;
                }
                default -> throw new UnsupportedOperationException(name);
            }
        });
    }

    private ResultSet resultSet() {
        int[] at = {-1};
        return proxy(ResultSet.class, (name, args) -> switch (name) {
            case "next" -> ++at[0] < rows.size();
            case "getString" -> rows.get(at[0]);
            case "getInt" -> rows.size();
            case "close" -> null;
            default -> throw new UnsupportedOperationException(name);
        });
    }

    interface Handler {
        Object handle(String method, Object[] args) throws Exception;
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, Handler handler) {
        return (T) Proxy.newProxyInstance(
                RecordingDatabase.class.getClassLoader(),
                new Class<?>[] {type},
                (self, method, args) -> handler.handle(method.getName(), args));
    }
}
