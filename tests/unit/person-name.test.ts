// Greetings name the member in the order of the visitor's language.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/config/locales';
import { personName } from '@/universal/person-name';

describe('personName', () => {
  it.each(['ja', 'ko', 'zh-CN', 'zh-TW'])('puts the family name first in %s', (locale) => {
    expect(personName('Rita', 'Moreno', locale)).toBe('Moreno Rita');
  });

  it.each(LOCALES.filter((l) => !['ja', 'ko', 'zh-CN', 'zh-TW'].includes(l)))('puts the given name first in %s', (locale) => {
    expect(personName('Rita', 'Moreno', locale)).toBe('Rita Moreno');
  });

  it('writes names in Chinese, Japanese or Korean script without a space', () => {
    expect(personName('太郎', '山田', 'ja')).toBe('山田太郎');
    expect(personName('민수', '김', 'ko')).toBe('김민수');
    expect(personName('小明', '王', 'zh-TW')).toBe('王小明');
  });

  it('keeps a single name as it is', () => {
    expect(personName('Rita', '', 'ja')).toBe('Rita');
    expect(personName(' ', 'Moreno', 'en')).toBe('Moreno');
  });
});
