// Locales of docs/product.md#constants. Shared by next.config.ts (routing) and serverSideTranslations (loading).
const path = require('node:path');

/** @type {import('next-i18next/pages').UserConfig} */
module.exports = {
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'zh-CN', 'zh-TW', 'nl', 'fr', 'de', 'it', 'ja', 'ko', 'pt', 'es'],
  },
  defaultNS: 'common',
  localePath: path.resolve(process.cwd(), 'locales'),
  // docs/product.md#constants: 10 parallel reads, 5 retries, starting at 350 ms (i18next doubles each retry).
  maxParallelReads: 10,
  maxRetries: 5,
  retryTimeout: 350,
  reloadOnPrerender: process.env.NODE_ENV === 'development',
};
