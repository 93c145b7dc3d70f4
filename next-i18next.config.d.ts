import type { UserConfig } from 'next-i18next/pages';

declare const config: UserConfig & { i18n: { defaultLocale: string; locales: string[] } };
export default config;
