// Answers for ESLint's results on shop-api/ (see real-labels.mjs for the key).
import { FP, TP, WF, a } from './answer.mjs';

const MIN = 'shop-api/public/js/app.min.js';
const MIN_LINE = (await import('node:fs'))
  .readFileSync(new URL('../repo/shop-api/public/js/app.min.js', import.meta.url), 'utf8')
  .split('\n')[0]
  .trim();

export const ESLINT_LABELS = {
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
};
