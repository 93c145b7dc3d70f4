// Mozilla's HTTP Observatory (npm @mdn/mdn-http-observatory) on the built site, twice:
//   over http  (the site as `npm start` serves it, public address http://localhost:…)
//   over https (the site behind a local TLS proxy, public address https://localhost:…, as behind a
//               load balancer: the proxy ends TLS and redirects http to https)
//   node bench/observatory.mjs        (needs a build: npx next build; and openssl)
// The scanner is installed once into a temporary folder (OBSERVATORY_DIR to choose it), without its
// install scripts, which download the HSTS preload list: an empty list stands in for it (localhost is
// on no preload list). The TLS proxy's certificate and its authority are made with openssl at run time;
// the scanner trusts that authority (NODE_EXTRA_CA_CERTS), so its certificate checks pass. Writes the
// grades into README.md.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startBenchSite } from './site.mjs';

const VERSION = '1.4.8';
const observatoryRoot = process.env.OBSERVATORY_DIR ?? path.join(os.tmpdir(), 'skypass-observatory');
const observatory = path.join(observatoryRoot, 'node_modules', '@mdn', 'mdn-http-observatory');

function installObservatory() {
  if (!fs.existsSync(path.join(observatory, 'package.json'))) {
    fs.mkdirSync(observatoryRoot, { recursive: true });
    execFileSync('npm', ['install', '--prefix', observatoryRoot, '--ignore-scripts', '--no-audit', '--no-fund', `@mdn/mdn-http-observatory@${VERSION}`], { stdio: 'inherit' });
  }
  const preload = path.join(observatory, 'conf', 'hsts-preload.json');
  if (!fs.existsSync(preload)) fs.writeFileSync(preload, '{}');
}

async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A certificate authority and a certificate for localhost signed by it, in a temporary folder. */
function makeCertificates() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-tls-'));
  const file = (name) => path.join(dir, name);
  const openssl = (...args) => execFileSync('openssl', args, { stdio: 'ignore' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Skypass bench authority', '-keyout', file('ca.key'), '-out', file('ca.pem'),
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', file('site.key'), '-out', file('site.csr'));
  fs.writeFileSync(file('site.ext'), 'subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  openssl('x509', '-req', '-in', file('site.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '2', '-extfile', file('site.ext'), '-out', file('site.pem'));
  return { dir, ca: file('ca.pem'), key: fs.readFileSync(file('site.key')), cert: fs.readFileSync(file('site.pem')) };
}

/** The TLS proxy in front of the site, and the plain-http listener that sends visitors to it. */
async function startTlsProxy(sitePort, certificates, { httpsPort, httpPort }) {
  const tls = https.createServer({ key: certificates.key, cert: certificates.cert }, (req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: sitePort, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-proto': 'https' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  const redirect = http.createServer((req, res) => res.writeHead(301, { location: `https://localhost:${httpsPort}${req.url}` }).end());
  await Promise.all([new Promise((r) => tls.listen(httpsPort, '127.0.0.1', r)), new Promise((r) => redirect.listen(httpPort, '127.0.0.1', r))]);
  return () => Promise.all([new Promise((r) => tls.close(r)), new Promise((r) => redirect.close(r))]);
}

/** Runs the scan in a process of its own (the TLS proxy lives in this one, so this one must not block). */
function scan(httpPort, httpsPort, ca) {
  const child = spawn(process.execPath, ['bench/observatory-scan.mjs', observatory, 'localhost', String(httpPort), String(httpsPort)], {
    env: { ...process.env, ...(ca ? { NODE_EXTRA_CA_CERTS: ca } : {}) },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout.trim().split('\n').at(-1))) : reject(new Error(`the scan failed:\n${stderr}`)))),
  );
}

installObservatory();

// Over http: nothing listens for https.
const plain = await startBenchSite('localhost');
let overHttp;
try {
  overHttp = await scan(plain.port, await freePort());
} finally {
  plain.stop();
}

// Over https, behind the TLS proxy, which the site knows as its public address.
const certificates = makeCertificates();
const ports = { httpsPort: await freePort(), httpPort: await freePort() };
const secure = await startBenchSite('127.0.0.1', { NEXTAUTH_URL: `https://localhost:${ports.httpsPort}` });
const stopProxy = await startTlsProxy(secure.port, certificates, ports);
let overHttps;
try {
  overHttps = await scan(ports.httpPort, ports.httpsPort, certificates.ca);
} finally {
  await stopProxy();
  secure.stop();
  fs.rmSync(certificates.dir, { recursive: true, force: true });
}

const line = (name, result) => {
  const failed = Object.entries(result.tests).filter(([, t]) => !t.pass).map(([test, t]) => `${test} (${t.result}, ${t.scoreModifier})`);
  const csp = result.tests['content-security-policy'];
  return `| ${name} | ${result.grade} | ${result.score} | ${csp.pass ? 'passes' : 'fails'} (${csp.result}) | ${failed.join('; ') || 'none'} |`;
};
const stamp = new Date().toISOString().slice(0, 10);
const table = `<!-- observatory:start -->
Mozilla's HTTP Observatory (\`@mdn/mdn-http-observatory\` ${VERSION}, its tests and grader) on the built site (${stamp}, \`node bench/observatory.mjs\`); over https the site stands behind a local TLS proxy that also redirects http to https:

| served over | grade | score | CSP test | tests failed |
|---|---|---|---|---|
${line('http', overHttp)}
${line('https', overHttps)}
<!-- observatory:end -->`;
const readme = fs.readFileSync('README.md', 'utf8');
fs.writeFileSync('README.md', readme.includes('<!-- observatory:start -->') ? readme.replace(/<!-- observatory:start -->[\s\S]*<!-- observatory:end -->/, table) : readme.replace('<!-- weight:start -->', `${table}\n\n<!-- weight:start -->`));
console.log(table);
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync(`bench/results/observatory-${Date.now()}.json`, JSON.stringify({ overHttp, overHttps }, null, 2));
