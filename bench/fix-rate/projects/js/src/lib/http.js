import https from 'node:https';
import tls from 'node:tls';

export function fetchJson(host, path) {
  return new Promise((resolve, reject) => {
    const req = https.request({ host, path, method: 'GET', rejectUnauthorized: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
    req.end();
  });
}

export function certificateExpiry(host, port = 443) {
  return new Promise((resolve, reject) => {
    const socket = tls.connect(port, host, { servername: host, rejectUnauthorized: false }, () => {
      resolve(new Date(socket.getPeerCertificate().valid_to));
      socket.end();
    });
    socket.on('error', reject);
  });
}

export function partnerRequestOptions(host) {
  return { host, port: 8443, rejectUnauthorized: process.env.PARTNER_TLS_STRICT !== 'false' };
}

export function inventoryFeed(host, callback) {
  const req = https.request({ host, path: '/feed.json', rejectUnauthorized: false }, callback);
  req.end();
  return req;
}
