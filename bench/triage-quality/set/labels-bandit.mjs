// Answers for Bandit's results on catalog-service/ (see real-labels.mjs for the key).
import { FP, TP, WF, a } from './answer.mjs';

export const BANDIT_LABELS = {
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
  'catalog-service/catalog/hashing.py|B324|return hashlib.md5(password.encode()).hexdigest()': a(
    TP,
    'MD5 password hashing.',
  ),
  'catalog-service/catalog/hashing.py|B324|return "page:" + hashlib.sha1(url.encode()).hexdigest()':
    a(FP, 'Cache key.'),
  'catalog-service/catalog/hashing.py|B324|checksum = hashlib.md5()': a(
    FP,
    'File checksum for change detection.',
  ),
  'catalog-service/catalog/hashing.py|B324|signature = hashlib.sha1((secret + payload).encode()).hexdigest()':
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
  'catalog-service/catalog/hashing.py|B324|return int(hashlib.md5(customer_id.encode()).hexdigest(), 16) % 16':
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
  'catalog-service/catalog/proto/catalog_pb2.py|B324|_DESCRIPTOR_KEY = hashlib.md5(b"catalog.proto").hexdigest()':
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
  'catalog-service/tests/test_catalog.py|B324|assert hashlib.md5(b"fixture").hexdigest() == "c6f3ac57944a531490e4c13e4e8d8c78"':
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
