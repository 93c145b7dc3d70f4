declare const config: { defaultLocale: string; locales: string[] };
export default config;
