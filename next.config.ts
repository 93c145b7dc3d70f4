import type { NextConfig } from 'next';
import locales from './locales.config.js';

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
];

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm test` type-checks the whole tree (tsc, beside the lint) before it builds: its build skips Next.js's
  // second pass over the same types. Every other build still checks them.
  typescript: { ignoreBuildErrors: process.env.SKYPASS_TYPES_CHECKED === 'true' },
  i18n: { defaultLocale: locales.defaultLocale, locales: locales.locales },
  // docs/product.md#constants: image widths, small sizes and the default quality.
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
    // AVIF where the browser takes it: about half the bytes of WebP for the ticket photos.
    formats: ['image/avif', 'image/webp'],
  },
  // PGlite loads its WebAssembly from its own package folder; bundling it breaks those paths.
  // pino and prom-client keep one state per process (and pino its worker files): loaded from node_modules.
  serverExternalPackages: ['@electric-sql/pglite', 'nodemailer', 'pino', 'prom-client'],
  // Our OCTO API lives at /octo, as resellers expect; Next.js serves it from an API route.
  async rewrites() {
    return [{ source: '/octo/:path*', destination: '/api/octo/:path*' }];
  },
  async headers() {
    // The gate scans tickets with the camera; every other page keeps it off (the last match wins).
    const gateCamera = [{ key: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=()' }];
    return [
      { source: '/:path*', headers: securityHeaders },
      { source: '/staff/gate', headers: gateCamera },
      { source: '/:locale/staff/gate', headers: gateCamera },
    ];
  },
};

export default nextConfig;
