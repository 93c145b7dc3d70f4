// The WCAG 2.2 criteria the accessibility statement speaks to (docs/decisions/0047): each with its level,
// whether Skypass meets it in full, and the checks that back the claim (keys of accessibility:methods).
export type CheckMethod = 'axe' | 'titles' | 'headings' | 'keyboard' | 'roles' | 'layout' | 'review';

export type Criterion = { id: string; level: 'A' | 'AA'; status: 'meets' | 'partly'; checkedBy: CheckMethod[] };

export const CRITERIA: Criterion[] = [
  { id: '1.1.1', level: 'A', status: 'meets', checkedBy: ['axe'] },
  { id: '1.3.1', level: 'A', status: 'meets', checkedBy: ['axe', 'headings'] },
  { id: '1.3.5', level: 'AA', status: 'meets', checkedBy: ['axe', 'review'] },
  { id: '1.4.3', level: 'AA', status: 'meets', checkedBy: ['axe'] },
  { id: '1.4.10', level: 'AA', status: 'meets', checkedBy: ['layout', 'review'] },
  { id: '2.1.1', level: 'A', status: 'meets', checkedBy: ['keyboard', 'review'] },
  { id: '2.2.1', level: 'A', status: 'partly', checkedBy: ['roles'] },
  { id: '2.4.1', level: 'A', status: 'meets', checkedBy: ['axe', 'review'] },
  { id: '2.4.2', level: 'A', status: 'meets', checkedBy: ['titles'] },
  { id: '2.4.7', level: 'AA', status: 'meets', checkedBy: ['review'] },
  { id: '2.5.7', level: 'AA', status: 'meets', checkedBy: ['review'] },
  { id: '2.5.8', level: 'AA', status: 'meets', checkedBy: ['axe'] },
  { id: '3.1.1', level: 'A', status: 'meets', checkedBy: ['axe'] },
  { id: '3.3.1', level: 'A', status: 'meets', checkedBy: ['roles'] },
  { id: '3.3.8', level: 'AA', status: 'meets', checkedBy: ['roles'] },
  { id: '4.1.2', level: 'A', status: 'meets', checkedBy: ['axe', 'roles'] },
  { id: '4.1.3', level: 'AA', status: 'meets', checkedBy: ['roles'] },
];

/** The known barriers, in the order the statement lists them (keys of accessibility:gaps.items). */
export const KNOWN_GAPS = ['hold', 'keyboard', 'screenReaders', 'emails', 'scanner', 'charts'] as const;

/** Translation keys cannot hold dots: 1.4.10 is items.1-4-10. */
export const criterionKey = (id: string) => id.replaceAll('.', '-');
