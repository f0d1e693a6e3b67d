const crypto = require('crypto');
const https = require('https');
const jwt = require('jsonwebtoken');
const session = require('express-session');
const cookieSession = require('cookie-session');
const { createHash } = require('node:crypto');

function resetToken() {
  // ruleid: rules_lgpl_javascript_crypto_rule-node-insecure-random-generator
  return Math.random().toString(36).slice(2);
}

function pin() {
  // ruleid: rules_lgpl_javascript_crypto_rule-node-insecure-random-generator
  const n = Math.floor(Math.random() * 1000000);
  // ok: rules_lgpl_javascript_crypto_rule-node-insecure-random-generator
  const m = crypto.randomInt(1000000);
  // ok: rules_lgpl_javascript_crypto_rule-node-insecure-random-generator
  const id = crypto.randomUUID();
  return `${n}${m}${id}`;
}

function digests(body, secret) {
  // ruleid: rules_lgpl_javascript_crypto_rule-node-md5
  const etag = crypto.createHash('md5').update(body).digest('hex');
  // ruleid: rules_lgpl_javascript_crypto_rule-node-md5
  const sig = createHash('MD5').update(body).digest('hex');
  // ok: rules_lgpl_javascript_crypto_rule-node-md5
  const good = crypto.createHash('sha256').update(body).digest('hex');
  // ruleid: rules_lgpl_javascript_crypto_rule-node-sha1
  const mac = crypto.createHmac('sha1', secret).update(body).digest('hex');
  // ruleid: rules_lgpl_javascript_crypto_rule-node-sha1
  const legacy = createHash('sha1').update(body).digest();
  // ok: rules_lgpl_javascript_crypto_rule-node-sha1
  const mac2 = crypto.createHmac('sha512', secret).update(body).digest('hex');
  return [etag, sig, good, mac, legacy, mac2];
}

// ruleid: problem-based-packs.insecure-transport.js-node.bypass-tls-verification.bypass-tls-verification
const insecureAgent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });
// ok: problem-based-packs.insecure-transport.js-node.bypass-tls-verification.bypass-tls-verification
const agent = new https.Agent({ keepAlive: true, ca: process.env.CA_PEM });
// ruleid: problem-based-packs.insecure-transport.js-node.bypass-tls-verification.bypass-tls-verification
request({ url: 'https://api.example.com', strictSSL: false });
// ok: problem-based-packs.insecure-transport.js-node.bypass-tls-verification.bypass-tls-verification
request({ url: 'https://api.example.com', strictSSL: true });
// ruleid: rules_lgpl_javascript_crypto_rule-node-tls-reject
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
// ruleid: rules_lgpl_javascript_crypto_rule-node-tls-reject
process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = 0;
// ok: rules_lgpl_javascript_crypto_rule-node-tls-reject
const tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

app.use(
  // ruleid: javascript.express.security.audit.express-cookie-settings.express-cookie-session-no-secure, rules_lgpl_javascript_headers_rule-cookie-session-no-samesite
  session({ secret: process.env.SESSION_SECRET, resave: false, saveUninitialized: false }),
);
app.use(
  // ok: javascript.express.security.audit.express-cookie-settings.express-cookie-session-no-secure, rules_lgpl_javascript_headers_rule-cookie-session-no-samesite
  session({ secret: 's', cookie: { secure: true, httpOnly: true, sameSite: 'lax' } }),
);
app.use(
  // ruleid: javascript.express.security.audit.express-cookie-settings.express-cookie-session-no-secure, javascript.express.security.audit.express-cookie-settings.express-cookie-session-no-httponly
  session({ secret: 's', cookie: { secure: false, httpOnly: false, sameSite: 'lax' } }),
);
app.use(
  // ok: javascript.express.security.audit.express-cookie-settings.express-cookie-session-no-httponly
  session({ secret: 's', cookie: { secure: 'auto', sameSite: 'strict' } }),
);
// ruleid: rules_lgpl_javascript_headers_rule-cookie-session-no-secure, rules_lgpl_javascript_headers_rule-cookie-session-no-samesite
app.use(cookieSession({ name: 'sess', keys: ['k1'] }));
// ok: rules_lgpl_javascript_headers_rule-cookie-session-no-secure, rules_lgpl_javascript_headers_rule-cookie-session-no-samesite
app.use(cookieSession({ name: 'sess', keys: ['k1'], secure: true, sameSite: 'lax' }));

function login(req, res, token) {
  // ruleid: rules_lgpl_javascript_headers_rule-cookie-session-no-secure, rules_lgpl_javascript_headers_rule-cookie-session-no-httponly, rules_lgpl_javascript_headers_rule-cookie-session-no-samesite
  res.cookie('sid', token, { maxAge: 3600000 });
  // ruleid: rules_lgpl_javascript_headers_rule-cookie-session-no-httponly
  res.cookie('remember', token, { secure: true, sameSite: 'strict' });
  // ok: rules_lgpl_javascript_headers_rule-cookie-session-no-secure, rules_lgpl_javascript_headers_rule-cookie-session-no-httponly, rules_lgpl_javascript_headers_rule-cookie-session-no-samesite
  res.cookie('sid', token, { secure: true, httpOnly: true, sameSite: 'lax' });
  // ok: rules_lgpl_javascript_headers_rule-cookie-session-no-secure, rules_lgpl_javascript_headers_rule-cookie-session-no-httponly
  res.cookie('prefs', token, { ...COOKIE_DEFAULTS, maxAge: 1000 });
}

function verifyToken(token) {
  // ruleid: rules_lgpl_javascript_jwt_rule-node-jwt-none-algorithm
  const a = jwt.verify(token, process.env.JWT_SECRET);
  // ok: rules_lgpl_javascript_jwt_rule-node-jwt-none-algorithm
  const b = jwt.verify(token, process.env.JWT_SECRET, { algorithms: ['HS256'] });
  // ruleid: rules_lgpl_javascript_jwt_rule-node-jwt-none-algorithm
  const c = jwt.verify(token, process.env.JWT_SECRET, { audience: 'shop' });
  // ruleid: javascript.jsonwebtoken.security.jwt-none-alg.jwt-none-alg
  const d = jwt.verify(token, process.env.JWT_SECRET, { algorithms: ['HS256', 'none'] });
  // ok: javascript.jsonwebtoken.security.jwt-none-alg.jwt-none-alg
  const e = jwt.verify(token, PUBLIC_KEY, { algorithms: ['RS256'] });
  return [a, b, c, d, e];
}

function unsignedToken(claims) {
  // ruleid: rules_lgpl_javascript_jwt_rule-node-jwt-none-algorithm
  return jwt.sign(claims, '', { algorithm: 'none' });
}

function currentUser(req) {
  try {
    // ruleid: javascript.jsonwebtoken.security.audit.jwt-decode-without-verify.jwt-decode-without-verify
    return jwt.decode(req.headers.authorization.slice(7)).sub;
  } catch {
    return null;
  }
}

function tokenExpiry(token) {
  jwt.verify(token, process.env.JWT_SECRET, { algorithms: ['HS256'] });
  // ok: javascript.jsonwebtoken.security.audit.jwt-decode-without-verify.jwt-decode-without-verify
  return jwt.decode(token).exp;
}

function render(el, item, html) {
  // ruleid: javascript.browser.security.insecure-innerhtml.insecure-innerhtml
  el.innerHTML = item.name;
  // ruleid: javascript.browser.security.insecure-innerhtml.insecure-innerhtml
  el.innerHTML = `<li>${item.name}</li>`;
  // ok: javascript.browser.security.insecure-innerhtml.insecure-innerhtml
  el.innerHTML = '<li>loading</li>';
  // ok: javascript.browser.security.insecure-innerhtml.insecure-innerhtml
  el.innerHTML = DOMPurify.sanitize(html);
  // ruleid: javascript.browser.security.insecure-document-method.insecure-document-method
  el.insertAdjacentHTML('beforeend', item.description);
  // ruleid: javascript.browser.security.insecure-document-method.insecure-document-method
  document.write(location.hash.slice(1));
  // ok: javascript.browser.security.insecure-document-method.insecure-document-method
  el.insertAdjacentHTML('beforeend', '<hr>');
  // ok: javascript.browser.security.insecure-document-method.insecure-document-method
  el.insertAdjacentText('beforeend', item.description);
}

function merge(target, source) {
  for (const key in source) {
    if (typeof source[key] === 'object') {
      merge(target[key], source[key]);
    } else {
      // ruleid: javascript.lang.security.audit.prototype-pollution.prototype-pollution-loop.prototype-pollution-loop
      target[key] = source[key];
    }
  }
  for (const key of Object.keys(source)) {
    if (key === '__proto__' || key === 'constructor') continue;
    // ok: javascript.lang.security.audit.prototype-pollution.prototype-pollution-loop.prototype-pollution-loop
    target[key] = source[key];
  }
  Object.keys(source).forEach((k) => {
    // ruleid: javascript.lang.security.audit.prototype-pollution.prototype-pollution-loop.prototype-pollution-loop
    target[k] = source[k];
  });
  const copy = [];
  for (let i = 0; i < 3; i++) {
    // ok: javascript.lang.security.audit.prototype-pollution.prototype-pollution-loop.prototype-pollution-loop
    copy[i] = i;
  }
  return target;
}

function setPath(obj, path, value) {
  const keys = path.split('.');
  let cur = obj;
  for (let i = 0; i < keys.length - 1; i++) cur = cur[keys[i]];
  // ruleid: javascript.lang.security.audit.prototype-pollution.prototype-pollution-assignment.prototype-pollution-assignment
  cur[keys[keys.length - 1]] = value;
  return obj;
}

function setField(obj, field, value) {
  // ruleid: javascript.lang.security.audit.prototype-pollution.prototype-pollution-assignment.prototype-pollution-assignment
  obj[field] = value;
}

function setChecked(obj, field, value) {
  if (['__proto__', 'constructor', 'prototype'].includes(field)) throw new Error('bad key');
  // ok: javascript.lang.security.audit.prototype-pollution.prototype-pollution-assignment.prototype-pollution-assignment
  obj[field] = value;
  const fixed = 'name';
  // ok: javascript.lang.security.audit.prototype-pollution.prototype-pollution-assignment.prototype-pollution-assignment
  obj[fixed] = value;
}

app.use(
  // ruleid: javascript.express.security.audit.express-cookie-settings.express-cookie-session-no-httponly
  session({ secret: 's', cookie: { secure: true, httpOnly: false, sameSite: 'strict' } }),
);
app.use(
  // ok: javascript.express.security.audit.express-cookie-settings.express-cookie-session-no-httponly, javascript.express.security.audit.express-cookie-settings.express-cookie-session-no-secure
  session({ secret: 's', name: 'sid', cookie: { secure: true, sameSite: 'lax', maxAge: 3600000 } }),
);

function moreTokens(req, body) {
  // ruleid: javascript.jsonwebtoken.security.jwt-none-alg.jwt-none-alg
  const claims = jwt.verify(req.cookies.token, PUBLIC_KEY, { algorithms: ['none'] });
  // ok: javascript.jsonwebtoken.security.jwt-none-alg.jwt-none-alg, rules_lgpl_javascript_jwt_rule-node-jwt-none-algorithm
  const pinned = jwt.verify(req.cookies.token, PUBLIC_KEY, {
    algorithms: ['ES256'],
    issuer: 'shop',
  });
  // ok: rules_lgpl_javascript_crypto_rule-node-md5, rules_lgpl_javascript_crypto_rule-node-sha1
  const digest = crypto.createHash('sha3-256').update(body).digest('hex');
  // ok: rules_lgpl_javascript_crypto_rule-node-tls-reject
  const tlsFlag = process.env.NODE_TLS_REJECT_UNAUTHORIZED === '0';
  return [claims, pinned, digest, tlsFlag];
}

function verifiedUser(token) {
  const claims = jwt.verify(token, process.env.JWT_SECRET, { algorithms: ['HS256'] });
  // ok: javascript.jsonwebtoken.security.audit.jwt-decode-without-verify.jwt-decode-without-verify
  const header = jwt.decode(token, { complete: true }).header;
  return { claims, header };
}

function subjectOf(req) {
  // ruleid: javascript.jsonwebtoken.security.audit.jwt-decode-without-verify.jwt-decode-without-verify
  const { sub } = jwt.decode(req.cookies.token, { complete: false });
  return sub;
}
