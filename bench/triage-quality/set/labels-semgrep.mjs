// Answers for Semgrep's results with the repository's rules (bench/rules/semgrep) on repo/ (see
// real-labels.mjs for the key). The rules are still being written: when they change, build-set
// lists the results without an answer and the answers without a result.
import { FP, TP, WF, a } from './answer.mjs';

const R = 'bench.rules.semgrep.python.';
const SQLI = `${R}python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli`;
const SHELL = `${R}python.lang.security.audit.subprocess-shell-true.subprocess-shell-true`;
const MD5 = `${R}python.lang.security.insecure-hash-algorithms-md5.insecure-hash-algorithm-md5`;
const SHA1 = `${R}python.lang.security.insecure-hash-algorithms.insecure-hash-algorithm-sha1`;
const CERT = `${R}python.requests.security.disabled-cert-validation.disabled-cert-validation`;
const RANDOM = `${R}python_random_rule-random`;
const DB = 'catalog-service/catalog/db.py';
const HASHING = 'catalog-service/catalog/hashing.py';
const LOADERS = 'catalog-service/catalog/loaders.py';
const TASKS = 'catalog-service/catalog/tasks.py';
const PB2 = 'catalog-service/catalog/proto/catalog_pb2.py';
const JC = 'bench.rules.semgrep.java.java.lang.security.audit.crypto.';
const TOK = 'billing/src/main/java/com/acme/billing/util/Tokens.java';
const GEN = 'billing/target/generated-sources/com/acme/billing/api/InvoiceApi.java';
const JS = 'bench.rules.semgrep.java.java.';
const PT = `${JS}servlets.security.httpservlet-path-traversal.httpservlet-path-traversal`;
const JSQL = `${JS}lang.security.audit.sqli.tainted-sql-from-http-request.tainted-sql-from-http-request`;
const DOC = 'billing/src/main/java/com/acme/billing/web/DocumentServlet.java';
const INV = 'billing/src/main/java/com/acme/billing/web/InvoiceController.java';

export const SEMGREP_LABELS = {
  [`${DB}|${SQLI}|cur.execute("SELECT * FROM products WHERE id = %s" % product_id)`]: a(
    TP,
    'Request argument formatted into SQL.',
  ),
  [`${DB}|${SQLI}|cur.execute(query)`]: a(TP, 'Request argument in an f-string query.'),
  [`${DB}|${SQLI}|cur.execute("SELECT * FROM products WHERE name LIKE '%{}%'".format(term))`]: a(
    TP,
    'Search term formatted into SQL.',
  ),
  [`${DB}|${SQLI}|cur.execute("CREATE TABLE products_archive_" + table_suffix + " AS SELECT * FROM products")`]:
    a(FP, 'The only caller passes a constant suffix.'),
  [`${TASKS}|${SHELL}|subprocess.call("convert /tmp/uploads/" + name + " /tmp/out.png", shell=True)`]:
    a(TP, 'Form field in a shell command.'),
  [`${TASKS}|${R}python_exec_rule-os-popen2|return os.popen("nslookup " + host).read()`]: a(
    TP,
    'Request argument in a shell command.',
  ),
  [`catalog-service/scripts/reindex.py|${SHELL}|subprocess.run("curl -X POST http://localhost:9200/" + index + "/_refresh", shell=True, check=True)`]:
    a(FP, 'Operator script; the index comes from its own command line.'),
  [`${LOADERS}|${R}python.lang.security.deserialization.avoid-pyyaml-load.avoid-pyyaml-load|return yaml.load(request.files["manifest"].read())`]:
    a(TP, 'Unsafe YAML load of an upload.'),
  [`${LOADERS}|${R}python.lang.security.deserialization.pickle.avoid-pickle|return pickle.loads(request.cookies["cart"].encode("latin-1"))`]:
    a(TP, 'Unpickling a cookie.'),
  [`${LOADERS}|${CERT}|return requests.get(url, verify=False, timeout=5).json()`]: a(
    TP,
    'No certificate validation for an arbitrary URL.',
  ),
  [`${LOADERS}|${CERT}|return requests.get("https://localhost:8443/health", verify=False, timeout=2).status_code`]:
    a(FP, 'Loopback health check.'),
  [`${HASHING}|${MD5}|return hashlib.md5(password.encode()).hexdigest()`]: a(
    TP,
    'MD5 password hashing.',
  ),
  [`${HASHING}|${MD5}|checksum = hashlib.md5()`]: a(FP, 'File checksum for change detection.'),
  [`${HASHING}|${MD5}|return int(hashlib.md5(customer_id.encode()).hexdigest(), 16) % 16`]: a(
    FP,
    'Shard selection.',
  ),
  [`${HASHING}|${SHA1}|return "page:" + hashlib.sha1(url.encode()).hexdigest()`]: a(
    FP,
    'Cache key.',
  ),
  [`${HASHING}|${SHA1}|signature = hashlib.sha1((secret + payload).encode()).hexdigest()`]: a(
    TP,
    'SHA-1 of secret+payload as a signature.',
  ),
  [`${HASHING}|${RANDOM}|return "".join(random.choice(string.ascii_letters + string.digits) for _ in range(32))`]:
    a(TP, 'random for reset tokens.'),
  [`${HASHING}|${RANDOM}|return min(30, 2 ** attempt) + random.uniform(0, 1)`]: a(
    FP,
    'Retry jitter.',
  ),
  [`${HASHING}|${RANDOM}|random.shuffle(copy)`]: a(FP, 'Shuffles a copy of a list; no secret.'),
  [`${HASHING}|${RANDOM}|pin = random.randint(100000, 999999)`]: a(TP, 'random for one-time PINs.'),
  [`${HASHING}|${RANDOM}|return random.random() < 0.05`]: a(FP, 'Metrics sampling.'),
  [`${PB2}|${MD5}|_DESCRIPTOR_KEY = hashlib.md5(b"catalog.proto").hexdigest()`]: a(
    WF,
    'Generated protobuf module.',
  ),
  [`${PB2}|${RANDOM}|_SEED = random.random()`]: a(WF, 'Generated protobuf module.'),

  // Java (billing/)
  [`${TOK}|${JC}weak-random.weak-random|private static final Random RANDOM = new Random();`]: a(
    TP,
    'This generator also makes password-reset tokens (passwordResetToken).',
  ),
  [`${TOK}|${JC}weak-random.weak-random|return Integer.toHexString(new Random().nextInt()) + Long.toHexString(System.nanoTime());`]:
    a(TP, 'java.util.Random for session ids.'),
  [`${TOK}|${JC}use-of-md5.use-of-md5|MessageDigest md = MessageDigest.getInstance("MD5");`]: a(
    TP,
    'MD5 for password hashing.',
  ),
  [`${TOK}|${JC}use-of-md5.use-of-md5|MessageDigest etagDigest = MessageDigest.getInstance("MD5");`]:
    a(FP, 'MD5 for an HTTP ETag.'),
  [`${TOK}|${JC}use-of-sha1.use-of-sha1|MessageDigest checksum = MessageDigest.getInstance("SHA-1");`]:
    a(FP, 'SHA-1 content checksum, not a security use.'),
  [`${TOK}|${JC}use-of-sha1.use-of-sha1|MessageDigest signature = MessageDigest.getInstance("SHA-1");`]:
    a(TP, 'SHA-1 over secret+payload used as a request signature (not an HMAC, weak hash).'),
  [`${GEN}|${JC}weak-random.weak-random|private final Random random = new Random();`]: a(
    WF,
    'Generated code (OpenAPI generator output under target/).',
  ),
  [`billing/src/main/java/com/acme/billing/ops/Maintenance.java|${JS}lang.security.audit.command-injection-formatted-runtime-call.command-injection-formatted-runtime-call|return Runtime.getRuntime().exec(new String[] {"sh", "-c", "ping -c 1 " + host});`]:
    a(TP, 'Request parameter inside an sh -c command.'),
  [`${DOC}|${PT}|Files.copy(ROOT.resolve(name), response.getOutputStream());#1`]: a(
    TP,
    'Path.resolve with a request value leaves the documents root (../, or an absolute path replaces it).',
  ),
  [`${DOC}|${PT}|File file = new File("/srv/billing/legacy/" + request.getParameter("file"));`]: a(
    TP,
    'Request parameter appended to a directory; ../ escapes it.',
  ),
  [`${INV}|${JSQL}|return stmt.executeQuery("SELECT * FROM invoices WHERE id = '" + id + "'");`]: a(
    TP,
    'Request parameter concatenated into the SQL text.',
  ),
  [`${INV}|${JSQL}|return stmt.executeQuery("SELECT * FROM invoices ORDER BY " + column);`]: a(
    FP,
    'The column is checked against a fixed set first.',
  ),
  [`${INV}|${JSQL}|return dataSource.getConnection().createStatement().executeQuery(sql);`]: a(
    TP,
    'String.format builds the query from the request parameter.',
  ),
  [`${INV}|${JSQL}|stmt.execute("COPY (SELECT * FROM invoices WHERE extract(year from issued_at) = " + year + ") TO STDOUT");`]:
    a(TP, 'Request parameter concatenated into a COPY statement.'),
  [`billing/src/main/java/com/acme/billing/ops/Maintenance.java|${JS}lang.security.audit.command-injection-formatted-runtime-call.command-injection-formatted-runtime-call|return Runtime.getRuntime().exec("convert /srv/uploads/" + file + " /tmp/out.pdf");`]:
    a(
      TP,
      'Request parameter in the command line: exec splits it on spaces, so the caller adds arguments to convert.',
    ),
};
