// Preloaded into the site's process (`node --require ./scripts/listen-backlog.cjs …/next start`; decision 0080):
// the site's server listens with a deeper queue of connections not yet accepted. Node's own is 511, whatever the
// kernel allows (net.core.somaxconn, 4096 on Linux since 5.4), and `next start` has no option for it. On the
// biggest day 333 new connections a second arrive; a busy event loop that accepts none for 1.5 s fills 511, and
// the kernel then drops handshakes, each of which costs its buyer a SYN sent again 1, 3 or 7 s later.
// LISTEN_BACKLOG sets the depth (the kernel caps it at somaxconn); a caller that names a backlog keeps its own.
'use strict';
const net = require('node:net');

/** 4096 unless set; a bad value stops the process with a one-line reason, as every other setting does. */
function backlogSetting(value) {
  if (value === undefined || value === '') return 4096;
  const depth = Number(value);
  if (Number.isInteger(depth) && depth >= 1 && depth <= 65535) return depth;
  console.error(`LISTEN_BACKLOG must be a whole number from 1 to 65535, not "${value}"`);
  process.exit(1);
}

const BACKLOG = backlogSetting(process.env.LISTEN_BACKLOG);

/** The arguments of a listen on a port without a backlog, given one: listen(port[, host][, callback]) and
 * listen({ port | path, … }[, callback]). Any other call (a backlog of the caller's, a handle) is left as it is. */
function withBacklog(args) {
  const [first] = args;
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    const callback = args.find((arg) => typeof arg === 'function');
    const [host, ...more] = args.slice(1).filter((arg) => typeof arg !== 'function');
    if (more.length > 0 || (host !== undefined && typeof host !== 'string')) return args;
    const options = { port: Number(first), host, backlog: BACKLOG };
    return callback ? [options, callback] : [options];
  }
  if (first && typeof first === 'object' && (first.port !== undefined || first.path !== undefined) && first.backlog === undefined) {
    return [{ ...first, backlog: BACKLOG }, ...args.slice(1)];
  }
  return args;
}

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenWithBacklog(...args) {
  return listen.apply(this, withBacklog(args));
};

module.exports = { BACKLOG, withBacklog };
