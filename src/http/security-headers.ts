// The security headers of every page (set by src/proxy.ts): a Content-Security-Policy whose scripts are
// only our own files, the inline scripts Next.js prerendered (by hash) or renders per request (by nonce),
// and Stripe.js when Stripe is on; and HSTS when the site's public address is https. Pure functions: the
// proxy hands them the request's nonce and the configuration.

/** The request header that carries the page's nonce from the proxy to src/pages/_document.tsx. */
export const NONCE_HEADER = 'x-nonce';

/** Stripe Checkout (embedded) and Stripe.js, from Stripe's own list of what they need. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
  img: ['https://*.stripe.com'],
};

export type PolicyInput = {
  /** This response's nonce, for inline scripts rendered per request. */
  nonce: string;
  /** sha256 hashes (base64) of the inline scripts of prerendered pages. */
  scriptHashes: readonly string[];
  stripe: boolean;
  https: boolean;
  /** `next dev` evaluates code (React's debugging); a production build never does. */
  development: boolean;
};

export function contentSecurityPolicy({ nonce, scriptHashes, stripe, https, development }: PolicyInput): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, ...scriptHashes.map((hash) => `'sha256-${hash}'`), ...(stripe ? STRIPE.script : []), ...(development ? ["'unsafe-eval'"] : [])],
    // React and next/image write style attributes, and the toasts a <style> element: inline styles stay.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...(stripe ? STRIPE.img : [])],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(stripe ? STRIPE.connect : [])],
    ['frame-src', ...(stripe ? STRIPE.frame : ["'none'"])],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  const policy = directives.map((parts) => parts.join(' '));
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** Two years, subdomains included: browsers then never ask for the site over http. */
export function strictTransportSecurity(siteUrl: string): string | undefined {
  return siteUrl.startsWith('https://') ? 'max-age=63072000; includeSubDomains' : undefined;
}
