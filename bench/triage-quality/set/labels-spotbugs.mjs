// Answers for SpotBugs + Find Security Bugs' results on billing/ (see real-labels.mjs for the key).
import { FP, TP, WF, a } from './answer.mjs';

const J = 'billing/src/main/java/com/acme/billing';
const INV = `${J}/web/InvoiceController.java`;
const DOC = `${J}/web/DocumentServlet.java`;
const TOK = `${J}/util/Tokens.java`;
const OPS = `${J}/ops/Maintenance.java`;
const TEST = 'billing/src/test/java/com/acme/billing/web/InvoiceControllerTest.java';
const GEN = 'billing/target/generated-sources/com/acme/billing/api/InvoiceApi.java';
// Tomcat, Jetty and Undertow neutralize or refuse CR and LF in header values.
const NO_SPLITTING = a(
  FP,
  'The Servlet containers in use neutralize CR/LF in header values, so the parameter cannot split the response; the redirect itself is a separate finding.',
);

export const SPOTBUGS_LABELS = {
  // web/InvoiceController.java
  [`${INV}|SQL_INJECTION_JDBC|return stmt.executeQuery("SELECT * FROM invoices WHERE id = '" + id + "'");`]:
    a(TP, 'Request parameter concatenated into the SQL text.'),
  [`${INV}|SQL_NONCONSTANT_STRING_PASSED_TO_EXECUTE|return stmt.executeQuery("SELECT * FROM invoices WHERE id = '" + id + "'");`]:
    a(TP, 'Request parameter concatenated into the SQL text.'),
  [`${INV}|SQL_INJECTION_JDBC|return stmt.executeQuery("SELECT * FROM invoices WHERE total > " + amount);`]:
    a(FP, 'The amount is an int from Integer.parseInt.'),
  [`${INV}|SQL_NONCONSTANT_STRING_PASSED_TO_EXECUTE|return stmt.executeQuery("SELECT * FROM invoices WHERE total > " + amount);`]:
    a(FP, 'The amount is an int from Integer.parseInt.'),
  [`${INV}|SQL_INJECTION_JDBC|return stmt.executeQuery("SELECT * FROM invoices ORDER BY " + column);`]:
    a(FP, 'The column is checked against a fixed set first.'),
  [`${INV}|SQL_NONCONSTANT_STRING_PASSED_TO_EXECUTE|return stmt.executeQuery("SELECT * FROM invoices ORDER BY " + column);`]:
    a(FP, 'The column is checked against a fixed set first.'),
  [`${INV}|SQL_INJECTION_JDBC|return dataSource.getConnection().createStatement().executeQuery(sql);`]:
    a(TP, 'String.format builds the query from the request parameter.'),
  [`${INV}|SQL_INJECTION_JDBC|stmt.execute("COPY (SELECT * FROM invoices WHERE extract(year from issued_at) = " + year + ") TO STDOUT");`]:
    a(TP, 'Request parameter concatenated into a COPY statement.'),
  [`${INV}|SQL_NONCONSTANT_STRING_PASSED_TO_EXECUTE|stmt.execute("COPY (SELECT * FROM invoices WHERE extract(year from issued_at) = " + year + ") TO STDOUT");`]:
    a(TP, 'Request parameter concatenated into a COPY statement.'),

  // web/DocumentServlet.java
  [`${DOC}|PATH_TRAVERSAL_IN|String name = Paths.get(request.getParameter("name")).getFileName().toString();`]:
    a(FP, 'getFileName() keeps only the last path element before the file is resolved.'),
  [`${DOC}|PT_ABSOLUTE_PATH_TRAVERSAL|String name = Paths.get(request.getParameter("name")).getFileName().toString();`]:
    a(FP, 'getFileName() keeps only the last path element before the file is resolved.'),
  [`${DOC}|PATH_TRAVERSAL_IN|File file = new File("/srv/billing/legacy/" + request.getParameter("file"));`]:
    a(TP, 'Request parameter appended to a directory; ../ escapes it.'),
  [`${DOC}|PT_RELATIVE_PATH_TRAVERSAL|File file = new File("/srv/billing/legacy/" + request.getParameter("file"));`]:
    a(TP, 'Request parameter appended to a directory; ../ escapes it.'),
  [`${DOC}|XSS_REQUEST_PARAMETER_TO_SERVLET_WRITER|out.println("<h1>Hello " + name + "</h1>");`]: a(
    TP,
    'Request parameter written into HTML.',
  ),
  [`${DOC}|XSS_SERVLET|out.println("<h1>Hello " + name + "</h1>");`]: a(
    TP,
    'Request parameter written into HTML.',
  ),
  [`${DOC}|XSS_SERVLET|response.getWriter().println("<h1>Hello " + name + "</h1>");`]: a(
    FP,
    'escapeHtml4 encodes the value.',
  ),
  [`${DOC}|XSS_SERVLET|response.getWriter().println("<p>" + Encode.forHtml(request.getParameter("note")) + "</p>");`]:
    a(FP, 'OWASP Encoder forHtml encodes the value.'),
  [`${DOC}|XSS_SERVLET|response.getWriter().println("<p>" + pages + " pages</p>");`]: a(
    FP,
    'An int from Integer.parseInt.',
  ),
  [`${DOC}|UNVALIDATED_REDIRECT|response.sendRedirect(request.getParameter("next"));`]: a(
    TP,
    'Redirect to a request parameter without validation.',
  ),
  [`${DOC}|UNVALIDATED_REDIRECT|response.sendRedirect(next);`]: a(
    TP,
    'Only a leading // is refused: /\\evil.example passes the check and browsers read it as //evil.example.',
  ),
  [`${DOC}|HRS_REQUEST_PARAMETER_TO_HTTP_HEADER|response.sendRedirect(request.getParameter("next"));`]:
    NO_SPLITTING,
  [`${DOC}|HRS_REQUEST_PARAMETER_TO_HTTP_HEADER|response.sendRedirect(next);`]: NO_SPLITTING,

  // ops/Maintenance.java
  [`${OPS}|COMMAND_INJECTION|return Runtime.getRuntime().exec("convert /srv/uploads/" + file + " /tmp/out.pdf");`]:
    a(
      TP,
      'Request parameter in the command line: exec splits it on spaces, so the caller adds arguments to convert.',
    ),
  [`${OPS}|COMMAND_INJECTION|return Runtime.getRuntime().exec(new String[] {"sh", "-c", "ping -c 1 " + host});`]:
    a(TP, 'Request parameter inside an sh -c command.'),
  [`${OPS}|COMMAND_INJECTION|return Runtime.getRuntime().exec("pg_dump -f " + target + " billing");`]:
    a(FP, 'The target comes from the service environment (BACKUP_TARGET), set by operators.'),

  // util/Tokens.java
  [`${TOK}|PREDICTABLE_RANDOM|private static final Random RANDOM = new Random();`]: a(
    TP,
    'This generator also makes password-reset tokens (passwordResetToken).',
  ),
  [`${TOK}|PREDICTABLE_RANDOM|return Integer.toHexString(new Random().nextInt()) + Long.toHexString(System.nanoTime());`]:
    a(TP, 'java.util.Random for session ids.'),
  [`${TOK}|WEAK_MESSAGE_DIGEST_MD5|MessageDigest md = MessageDigest.getInstance("MD5");`]: a(
    TP,
    'MD5 for password hashing.',
  ),
  [`${TOK}|WEAK_MESSAGE_DIGEST_MD5|MessageDigest etagDigest = MessageDigest.getInstance("MD5");`]:
    a(FP, 'MD5 for an HTTP ETag.'),
  [`${TOK}|WEAK_MESSAGE_DIGEST_SHA1|MessageDigest checksum = MessageDigest.getInstance("SHA-1");`]:
    a(FP, 'SHA-1 content checksum, not a security use.'),
  [`${TOK}|WEAK_MESSAGE_DIGEST_SHA1|MessageDigest signature = MessageDigest.getInstance("SHA-1");`]:
    a(TP, 'SHA-1 over secret+payload used as a request signature (not an HMAC, weak hash).'),

  // test and generated code
  [`${TEST}|PREDICTABLE_RANDOM|int id = new Random().nextInt(1000);`]: a(WF, 'Test code.'),
  [`${TEST}|SQL_INJECTION_JDBC|stmt.execute("INSERT INTO invoices (id, status) VALUES (" + id + ", 'open')");`]:
    a(WF, 'Test code.'),
  [`${TEST}|WEAK_MESSAGE_DIGEST_MD5|MessageDigest.getInstance("MD5").digest("fixture".getBytes());`]:
    a(WF, 'Test code.'),
  [`${GEN}|PREDICTABLE_RANDOM|private final Random random = new Random();`]: a(
    WF,
    'Generated code (OpenAPI generator output under target/).',
  ),
};
