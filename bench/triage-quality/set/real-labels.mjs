// Answers for every result the real scanners (ESLint, Bandit) report on repo/, keyed by
// `file|rule|flagged line (trimmed)`. build-set.mjs fails when a result has no answer here or
// an answer has no result.
const TP = 'TRUE_POSITIVE';
const FP = 'FALSE_POSITIVE';
const WF = 'WONT_FIX';
const a = (label, why) => ({ label, why });

const MIN = 'shop-api/public/js/app.min.js';
const MIN_LINE = (await import('node:fs'))
  .readFileSync(new URL('../repo/shop-api/public/js/app.min.js', import.meta.url), 'utf8')
  .split('\n')[0]
  .trim();

export const REAL_LABELS = {
  [`${MIN}|sonarjs/pseudo-random|${MIN_LINE}`]: a(
    WF,
    'Minified bundle, built from sources elsewhere.',
  ),
  [`${MIN}|security/detect-eval-with-expression|${MIN_LINE}`]: a(WF, 'Minified bundle.'),
  [`${MIN}|sonarjs/code-eval|${MIN_LINE}`]: a(WF, 'Minified bundle.'),
  [`shop-api/scripts/release.js|sonarjs/os-command|execSync('git tag -a ' + tag + ' -m "release ' + tag + '"', { stdio: 'inherit' });`]:
    a(FP, "Maintainer's release script; the tag comes from their own command line."),
  [`shop-api/scripts/release.js|sonarjs/os-command|execSync('git push origin ' + tag, { stdio: 'inherit' });`]:
    a(FP, "Maintainer's release script; the tag comes from their own command line."),
  [`shop-api/src/clients/billing-client.js|sonarjs/hashing|return crypto.createHash('md5').update(String(Date.now()) + Math.random()).digest('hex');`]:
    a(WF, 'Generated client (DO NOT EDIT header).'),
  [`shop-api/src/clients/billing-client.js|sonarjs/pseudo-random|return crypto.createHash('md5').update(String(Date.now()) + Math.random()).digest('hex');`]:
    a(WF, 'Generated client.'),
  [`shop-api/src/clients/billing-client.js|security/detect-child-process|exec('curl -sv ' + url);`]:
    a(WF, 'Generated client.'),
  [`shop-api/src/clients/billing-client.js|sonarjs/os-command|exec('curl -sv ' + url);`]: a(
    WF,
    'Generated client.',
  ),
  [`shop-api/src/lib/digest.js|sonarjs/hashing|user.passwordHash = crypto.createHash('md5').update(password).digest('hex');`]:
    a(TP, 'MD5 password hashing.'),
  [`shop-api/src/lib/digest.js|sonarjs/hashing|const etag = crypto.createHash('md5').update(body).digest('base64');`]:
    a(FP, 'MD5 for an HTTP ETag.'),
  [`shop-api/src/lib/digest.js|sonarjs/hashing|return 'v1:' + crypto.createHash('sha1').update(url + JSON.stringify(params)).digest('hex');`]:
    a(FP, 'SHA-1 for a cache key.'),
  [`shop-api/src/lib/digest.js|sonarjs/hashing|const signature = crypto.createHash('sha1').update(secret + payload).digest('hex');`]:
    a(TP, 'SHA-1 of secret+payload as a webhook signature (should be an HMAC with a strong hash).'),
  [`shop-api/src/lib/digest.js|sonarjs/hashing|const digest = crypto.createHash('md5').update(email.trim().toLowerCase()).digest('hex');`]:
    a(FP, 'Gravatar requires MD5 of the e-mail address; not a security use.'),
  [`shop-api/src/lib/filters.js|security/detect-non-literal-regexp|const re = new RegExp(req.query.pattern, 'i');`]:
    a(TP, 'User-supplied regular expression (ReDoS).'),
  [`shop-api/src/lib/filters.js|security/detect-non-literal-regexp|const re = new RegExp('^' + escapeRegExp(req.query.prefix));`]:
    a(FP, 'The user part is escaped.'),
  [`shop-api/src/lib/filters.js|security/detect-eval-with-expression|return eval(req.body.formula);`]:
    a(TP, 'Request body evaluated.'),
  [`shop-api/src/lib/filters.js|sonarjs/code-eval|return eval(req.body.formula);`]: a(
    TP,
    'Request body evaluated.',
  ),
  [`shop-api/src/lib/filters.js|security/detect-non-literal-fs-filename|const text = fs.readFileSync(path.join(__dirname, 'legacy-defaults.js'), 'utf8');`]:
    a(FP, 'A fixed file next to the module.'),
  [`shop-api/src/lib/filters.js|security/detect-eval-with-expression|return eval('(' + text + ')');`]:
    a(FP, 'Evaluates a file shipped with the application, not input.'),
  [`shop-api/src/lib/filters.js|sonarjs/code-eval|return eval('(' + text + ')');`]: a(
    FP,
    'Evaluates a file shipped with the application, not input.',
  ),
  [`shop-api/src/lib/ids.js|sonarjs/pseudo-random|return Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);`]:
    a(TP, 'Math.random for password-reset tokens.'),
  [`shop-api/src/lib/ids.js|sonarjs/pseudo-random|const jitter = Math.random() * base * 0.2;`]: a(
    FP,
    'Retry jitter.',
  ),
  [`shop-api/src/lib/ids.js|sonarjs/pseudo-random|const j = Math.floor(Math.random() * (i + 1));`]:
    a(FP, 'Shuffling questions for display.'),
  [`shop-api/src/lib/ids.js|sonarjs/pseudo-random|const sessionId = Date.now().toString(16) + Math.floor(Math.random() * 1e9).toString(16);`]:
    a(TP, 'Predictable session ids.'),
  [`shop-api/src/lib/ids.js|sonarjs/pseudo-random|const hue = Math.floor(Math.random() * 360);`]: a(
    FP,
    'A random badge colour.',
  ),
  [`shop-api/src/lib/ids.js|sonarjs/pseudo-random|return Math.random() < 0.01;`]: a(
    FP,
    'Trace sampling.',
  ),
  [`shop-api/src/lib/ids.js|sonarjs/pseudo-random|for (let i = 0; i < 8; i++) code += String.fromCharCode(65 + Math.floor(Math.random() * 26));`]:
    a(TP, 'Invite codes grant access; Math.random makes them guessable.'),
  [`shop-api/src/lib/media.js|security/detect-child-process|exec('convert ' + req.body.file + ' -resize 200x200 thumb.png', (err) => {`]:
    a(TP, 'Request body in a shell command.'),
  [`shop-api/src/lib/media.js|sonarjs/os-command|exec('convert ' + req.body.file + ' -resize 200x200 thumb.png', (err) => {`]:
    a(TP, 'Request body in a shell command.'),
  ['shop-api/src/lib/media.js|sonarjs/os-command|const out = execSync(`ping -c 1 ${host}`).toString();']:
    a(TP, 'Query-string host in a shell command.'),
  ['shop-api/src/lib/media.js|security/detect-child-process|exec(`tar -czf /tmp/archive.tgz ${dir}`, (err) => res.status(err ? 500 : 204).end());']:
    a(FP, 'shell-quote quote() escapes the value.'),
  ['shop-api/src/lib/media.js|sonarjs/os-command|exec(`tar -czf /tmp/archive.tgz ${dir}`, (err) => res.status(err ? 500 : 204).end());']:
    a(FP, 'shell-quote quote() escapes the value.'),
  [`shop-api/src/lib/media.js|security/detect-child-process|exec('convert ' + input + ' -resize ' + w + 'x' + h + ' ' + output, callback);`]:
    a(TP, 'resizeUpload passes req.query.src as input, unquoted in the shell command.'),
  [`shop-api/src/lib/media.js|sonarjs/os-command|exec('convert ' + input + ' -resize ' + w + 'x' + h + ' ' + output, callback);`]:
    a(TP, 'resizeUpload passes req.query.src as input, unquoted in the shell command.'),
  [`shop-api/src/lib/settings.js|sonarjs/no-hardcoded-passwords|const adminPassword = 'Winter2024!';`]:
    a(TP, 'A literal administrator password.'),
  [`shop-api/src/routes/files.js|security/detect-non-literal-fs-filename|fs.createReadStream(path.join(UPLOAD_DIR, 'avatars', name)).pipe(res);`]:
    a(FP, 'path.basename keeps the file name only.'),
  [`shop-api/src/routes/files.js|security/detect-non-literal-fs-filename|const html = fs.readFileSync(path.join(TEMPLATE_DIR, 'invoice.html'), 'utf8');`]:
    a(FP, 'A fixed template path.'),
  [`shop-api/src/routes/files.js|security/detect-non-literal-fs-filename|fs.createReadStream(req.params.file).pipe(res);`]:
    a(TP, 'Route parameter used as a path.'),
  [`shop-api/src/routes/files.js|security/detect-non-literal-fs-filename|fs.readFile(target, (err, data) => (err ? res.status(404).end() : res.send(data)));`]:
    a(FP, 'The resolved path is checked to stay in the upload folder.'),
  [`shop-api/src/routes/files.js|security/detect-non-literal-fs-filename|fs.readFile(path.join(UPLOAD_DIR, 'exports', file), (err, data) => {`]:
    a(TP, 'path.normalize keeps ../ at the start; the join escapes.'),
  [`shop-api/src/routes/files.js|security/detect-non-literal-fs-filename|fs.appendFileSync(path.join(UPLOAD_DIR, 'notes', day + '.log'), req.body);`]:
    a(FP, 'The file name is the current date; only the content comes from the request.'),
  [`shop-api/test/orders.test.js|sonarjs/pseudo-random|await db.query("INSERT INTO orders (id, status, total) VALUES (1, 'open', " + Math.floor(Math.random() * 1000) + ')');`]:
    a(WF, 'Test code.'),
  [`shop-api/test/orders.test.js|sonarjs/pseudo-random|const customer = 'c-' + Math.random().toString(36).slice(2);`]:
    a(WF, 'Test code.'),
  [`shop-api/test/orders.test.js|sonarjs/hashing|const sum = crypto.createHash('md5').update('fixture').digest('hex');`]:
    a(WF, 'Test code.'),
  [`shop-api/test/orders.test.js|security/detect-child-process|exec('node ' + process.env.WORKER_ENTRY, done);`]:
    a(WF, 'Test code.'),
  [`shop-api/test/orders.test.js|sonarjs/os-command|exec('node ' + process.env.WORKER_ENTRY, done);`]:
    a(WF, 'Test code.'),

  'catalog-service/catalog/config.py|B105|PASSWORD_FIELD = "password"': a(
    FP,
    'The name of a form field.',
  ),
  'catalog-service/catalog/config.py|B105|TOKEN_URL = "https://auth.example.com/oauth/token"': a(
    FP,
    'A URL, not a credential.',
  ),
  'catalog-service/catalog/config.py|B105|ADMIN_PASSWORD = "Catal0g!Admin"': a(
    TP,
    'A literal administrator password.',
  ),
  'catalog-service/catalog/config.py|B105|password_reset_template = "emails/password_reset.html"':
    a(FP, 'A template path.'),
  'catalog-service/catalog/config.py|B107|def smtp_login(client, user, password="changeme"):': a(
    FP,
    'Placeholder default; not a working credential.',
  ),
  'catalog-service/catalog/config.py|B106|return connect(user="reporting", password="r3port!ng-2024")':
    a(TP, 'A literal database password.'),
  'catalog-service/catalog/db.py|B608|cur.execute("SELECT * FROM products WHERE id = %s" % product_id)':
    a(TP, 'Request argument formatted into SQL.'),
  [`catalog-service/catalog/db.py|B608|query = f"SELECT * FROM products WHERE category = '{category}'"`]:
    a(TP, 'Request argument in an f-string query.'),
  'catalog-service/catalog/db.py|B608|cur.execute("SELECT * FROM products WHERE price < %d" % limit)':
    a(FP, 'int() before formatting.'),
  'catalog-service/catalog/db.py|B608|cur.execute("SELECT * FROM products ORDER BY " + column)': a(
    FP,
    'Allowlisted column.',
  ),
  [`catalog-service/catalog/db.py|B608|cur.execute("SELECT * FROM products WHERE name LIKE '%{}%'".format(term))`]:
    a(TP, 'Search term formatted into SQL.'),
  'catalog-service/catalog/db.py|B608|cur.execute("CREATE TABLE products_archive_" + table_suffix + " AS SELECT * FROM products")':
    a(FP, 'The only caller passes a constant suffix.'),
  'catalog-service/catalog/db.py|B608|cur.execute("DELETE FROM products WHERE id = " + str(int(product_id)))':
    a(FP, 'int() before concatenation.'),
  'catalog-service/catalog/hashing.py|B303|return hashlib.md5(password.encode()).hexdigest()': a(
    TP,
    'MD5 password hashing.',
  ),
  'catalog-service/catalog/hashing.py|B303|etag = hashlib.md5(body, usedforsecurity=False).hexdigest()':
    a(FP, 'usedforsecurity=False ETag.'),
  'catalog-service/catalog/hashing.py|B303|return "page:" + hashlib.sha1(url.encode()).hexdigest()':
    a(FP, 'Cache key.'),
  'catalog-service/catalog/hashing.py|B303|checksum = hashlib.md5()': a(
    FP,
    'File checksum for change detection.',
  ),
  'catalog-service/catalog/hashing.py|B303|signature = hashlib.sha1((secret + payload).encode()).hexdigest()':
    a(TP, 'SHA-1 of secret+payload as a signature.'),
  'catalog-service/catalog/hashing.py|B311|return "".join(random.choice(string.ascii_letters + string.digits) for _ in range(32))':
    a(TP, 'random for reset tokens.'),
  'catalog-service/catalog/hashing.py|B311|return min(30, 2 ** attempt) + random.uniform(0, 1)': a(
    FP,
    'Retry jitter.',
  ),
  'catalog-service/catalog/hashing.py|B311|pin = random.randint(100000, 999999)': a(
    TP,
    'random for one-time PINs.',
  ),
  'catalog-service/catalog/hashing.py|B311|return random.random() < 0.05': a(
    FP,
    'Metrics sampling.',
  ),
  'catalog-service/catalog/hashing.py|B303|return int(hashlib.md5(customer_id.encode()).hexdigest(), 16) % 16':
    a(FP, 'Shard selection.'),
  'catalog-service/catalog/loaders.py|B403|import pickle': a(
    TP,
    'The module unpickles a cookie (see pickle.loads below).',
  ),
  'catalog-service/catalog/loaders.py|B506|return yaml.load(request.files["manifest"].read())': a(
    TP,
    'Unsafe YAML load of an upload.',
  ),
  'catalog-service/catalog/loaders.py|B301|return pickle.loads(request.cookies["cart"].encode("latin-1"))':
    a(TP, 'Unpickling a cookie.'),
  'catalog-service/catalog/loaders.py|B501|return requests.get(url, verify=False, timeout=5).json()':
    a(TP, 'No certificate validation for an arbitrary URL.'),
  'catalog-service/catalog/loaders.py|B501|return requests.get("https://localhost:8443/health", verify=False, timeout=2).status_code':
    a(FP, 'Loopback health check.'),
  'catalog-service/catalog/main.py|B104|app.run(host="0.0.0.0", port=int(os.environ.get("PORT", "8080")))':
    a(FP, 'A network service meant to listen on all interfaces of its container.'),
  'catalog-service/catalog/proto/catalog_pb2.py|B303|_DESCRIPTOR_KEY = hashlib.md5(b"catalog.proto").hexdigest()':
    a(WF, 'Generated protobuf module.'),
  'catalog-service/catalog/proto/catalog_pb2.py|B311|_SEED = random.random()': a(
    WF,
    'Generated protobuf module.',
  ),
  'catalog-service/catalog/tasks.py|B404|import subprocess': a(
    TP,
    'The module runs shell commands built from request data.',
  ),
  'catalog-service/catalog/tasks.py|B602|subprocess.call("convert /tmp/uploads/" + name + " /tmp/out.png", shell=True)':
    a(TP, 'Form field in a shell command.'),
  'catalog-service/catalog/tasks.py|B602|subprocess.run("tar -czf /tmp/archive.tgz " + name, shell=True, check=True)':
    a(FP, 'shlex.quote.'),
  'catalog-service/catalog/tasks.py|B607|return subprocess.check_output(["du", "-sh", EXPORT_DIR])':
    a(FP, 'Constant argv, no shell.'),
  'catalog-service/catalog/tasks.py|B603|return subprocess.check_output(["du", "-sh", EXPORT_DIR])':
    a(FP, 'Constant argv, no shell.'),
  'catalog-service/catalog/tasks.py|B605|os.system("logrotate /etc/logrotate.d/catalog")': a(
    FP,
    'Constant command.',
  ),
  'catalog-service/catalog/tasks.py|B607|os.system("logrotate /etc/logrotate.d/catalog")': a(
    FP,
    'Constant command.',
  ),
  'catalog-service/catalog/tasks.py|B605|return os.popen("nslookup " + host).read()': a(
    TP,
    'Request argument in a shell command.',
  ),
  'catalog-service/catalog/tasks.py|B602|subprocess.run("convert in.png -resize %dx%d out.png" % (w, h), shell=True, check=True)':
    a(FP, 'int() values only.'),
  'catalog-service/scripts/reindex.py|B404|import subprocess': a(
    FP,
    'Operator script; nothing from a remote user.',
  ),
  'catalog-service/scripts/reindex.py|B602|subprocess.run("curl -X POST http://localhost:9200/" + index + "/_refresh", shell=True, check=True)':
    a(FP, 'Operator script; the index comes from its own command line.'),
  'catalog-service/tests/test_catalog.py|B404|import subprocess': a(WF, 'Test code.'),
  'catalog-service/tests/test_catalog.py|B101|assert len(digest) == 32': a(WF, 'Test code.'),
  'catalog-service/tests/test_catalog.py|B101|assert hashlib.md5(b"fixture").hexdigest() == "c6f3ac57944a531490e4c13e4e8d8c78"':
    a(WF, 'Test code.'),
  'catalog-service/tests/test_catalog.py|B303|assert hashlib.md5(b"fixture").hexdigest() == "c6f3ac57944a531490e4c13e4e8d8c78"':
    a(WF, 'Test code.'),
  'catalog-service/tests/test_catalog.py|B311|names = ["p%d" % random.randint(0, 1000) for _ in range(10)]':
    a(WF, 'Test code.'),
  'catalog-service/tests/test_catalog.py|B101|assert len(names) == 10': a(WF, 'Test code.'),
  'catalog-service/tests/test_catalog.py|B607|subprocess.run("python -m catalog.main --help", shell=True, check=False)':
    a(WF, 'Test code.'),
  'catalog-service/tests/test_catalog.py|B602|subprocess.run("python -m catalog.main --help", shell=True, check=False)':
    a(WF, 'Test code.'),
  'catalog-service/tests/test_catalog.py|B105|password = "test-password"': a(WF, 'Test code.'),
  'catalog-service/tests/test_catalog.py|B101|assert db.list_products() is not None': a(
    WF,
    'Test code.',
  ),
  'catalog-service/tests/test_catalog.py|B101|assert password': a(WF, 'Test code.'),
};
