// The site's languages (docs/product.md#constants) for next.config.ts, which needs them as CommonJS.
// src/config/locales.ts holds the same list for the code; tests/unit/config.test.ts keeps them equal.
module.exports = {
  defaultLocale: 'en',
  locales: ['en', 'zh-CN', 'zh-TW', 'nl', 'fr', 'de', 'it', 'ja', 'ko', 'pt', 'es'],
};
