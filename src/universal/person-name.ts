// A member's name as their language writes it: Chinese, Japanese and Korean put the family name first
// (山田太郎, 김민수); names in those scripts are written without a space, others keep one (Moreno Rita).
const FAMILY_FIRST = new Set(['ja', 'ko', 'zh-CN', 'zh-TW']);
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+$/u;

export function personName(given: string, family: string, locale: string): string {
  const first = given.trim();
  const last = family.trim();
  if (!first || !last) return first || last;
  if (!FAMILY_FIRST.has(locale)) return `${first} ${last}`;
  return CJK.test(first) && CJK.test(last) ? `${last}${first}` : `${last} ${first}`;
}
