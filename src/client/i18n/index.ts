export { I18nProvider, currentT, useTranslation, type I18n } from './context';
export { Trans } from './Trans';
export { makeT, type Namespaces, type PageTranslations, type TFunction, type TOptions } from './translate';
