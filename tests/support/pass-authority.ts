// A test certificate authority (node-forge) standing in for Apple's WWDR: it issues the pass type
// certificate that signs passes (and is APNs' client certificate), and a server certificate for a local
// stand-in of APNs. Plus the reader of a .pkpass (a zip whose files are stored).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

type Issuer = { name: string; key: forge.pki.rsa.PrivateKey };

export function issueCertificate(subject: string, keys: forge.pki.rsa.KeyPair, issuer: Issuer, ca: boolean, hosts: string[] = []) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = crypto.randomBytes(8).toString('hex');
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  cert.setIssuer([{ name: 'commonName', value: issuer.name }]);
  cert.setExtensions([
    { name: 'basicConstraints', cA: ca },
    { name: 'keyUsage', keyCertSign: ca, digitalSignature: true, keyEncipherment: !ca },
    ...(hosts.length ? [{ name: 'subjectAltName', altNames: hosts.map((h) => (/^\d/.test(h) ? { type: 7, ip: h } : { type: 2, value: h })) }] : []),
  ]);
  cert.sign(issuer.key, forge.md.sha256.create());
  return cert;
}

/** The authority, a pass type certificate for `passTypeIdentifier`, and the wallet configuration using them. */
export function testPassAuthority(passTypeIdentifier = 'pass.example.skypass') {
  const caKeys = forge.pki.rsa.generateKeyPair(2048);
  const authority = { name: 'Test WWDR Authority', key: caKeys.privateKey };
  const caCert = issueCertificate(authority.name, caKeys, authority, true);
  const signerKeys = forge.pki.rsa.generateKeyPair(2048);
  const signerCert = issueCertificate(`Pass Type ID: ${passTypeIdentifier}`, signerKeys, authority, false);
  const publicDir = path.join(process.cwd(), 'public', 'wallet');
  const config = {
    passTypeIdentifier,
    teamIdentifier: 'TEAM123456',
    signerCert: forge.pki.certificateToPem(signerCert),
    signerKey: forge.pki.privateKeyToPem(signerKeys.privateKey),
    wwdr: forge.pki.certificateToPem(caCert),
    images: Object.fromEntries(['icon.png', 'icon@2x.png', 'icon@3x.png'].map((name) => [name, fs.readFileSync(path.join(publicDir, name))])),
  };
  /** A TLS server certificate for local stand-ins (localhost, 127.0.0.1). */
  const serverCertificate = () => {
    const keys = forge.pki.rsa.generateKeyPair(2048);
    const cert = issueCertificate('localhost', keys, authority, false, ['localhost', '127.0.0.1']);
    return { cert: forge.pki.certificateToPem(cert), key: forge.pki.privateKeyToPem(keys.privateKey) };
  };
  return { caKeys, caCert, signerCert, config, caPem: config.wwdr, serverCertificate };
}

/** The entries of a zip whose files are stored (as passkit-generator writes them). */
export function unzipStored(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    if (method !== 0) throw new Error('a compressed entry: not a pass as passkit-generator writes them');
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString();
    const start = at + 30 + nameLength + extraLength;
    files.set(name, zip.subarray(start, start + size));
    at = start + size;
  }
  return files;
}
