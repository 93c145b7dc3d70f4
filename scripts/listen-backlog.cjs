// Preloaded into the site's process (`node --require ./scripts/listen-backlog.cjs …/next start`; decision 0080):
// the site's server listens with a deeper queue of connections not yet accepted. Node's own is 511, whatever the
// kernel allows (net.core.somaxconn, 4096 on Linux since 5.4), and `next start` has no option for it. On the
// biggest day 333 new connections a second arrive; a busy event loop that accepts none for 1.5 s fills 511, and
// the kernel then drops handshakes, each of which costs its buyer a SYN sent again 1, 3 or 7 s later.
// LISTEN_BACKLOG sets the depth (the kernel caps it at somaxconn); a caller that names a backlog keeps its own.
'use strict';
const net = require('node:net');

const BACKLOG = backlogSetting(process.env.LISTEN_BACKLOG);

/** 4096 unless set; a bad value stops the process with a one-line reason, as every other setting does. */
function backlogSetting(value) {
  if (value === undefined || value === '') return 4096;
  const depth = Number(value);
  if (Number.isInteger(depth) && depth >= 1 && depth <= 65535) return depth;
  console.error(`LISTEN_BACKLOG must be a whole number from 1 to 65535, not "${value}"`);
  process.exit(1);
}
const listen = net.Server.prototype.listen;

/** listen(port[, host][, callback]) and listen({ port | path, … }[, callback]) without a backlog, given one. */
function withBacklog(args) {
  const [first, second] = args;
  const callback = args.find((arg) => typeof arg === 'function');
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    const rest = args.slice(1).filter((arg) => typeof arg !== 'function');
    // A number after the port is the caller's backlog (or a host given as a number: leave it alone).
    if (rest.length > 1 || (rest.length === 1 && typeof second !== 'string' && second !== undefined)) return args;
    const options = { port: Number(first), host: typeof second === 'string' ? second : undefined, backlog: BACKLOG };
    return callback ? [options, callback] : [options];
  }
  if (first && typeof first === 'object' && (first.port !== undefined || first.path !== undefined) && first.backlog === undefined) {
    return [{ ...first, backlog: BACKLOG }, ...args.slice(1)];
  }
  return args;
}

net.Server.prototype.listen = function listenWithBacklog(...args) {
  return listen.apply(this, withBacklog(args));
};

module.exports = { BACKLOG, withBacklog };
