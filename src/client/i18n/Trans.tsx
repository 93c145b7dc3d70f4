// A translated sentence with links or emphasis inside: "<terms>program terms</terms>" is rendered with
// the element given as `components.terms`, the text between the tags as its children.
import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import type { TFunction, TOptions } from './translate';

type Props = { t: TFunction; i18nKey: string; values?: TOptions; components?: Record<string, ReactElement> };

export function Trans({ t, i18nKey, values, components = {} }: Props) {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(tag)) {
    const [whole, name, inner] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const element = name ? components[name] : undefined;
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : inner);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
