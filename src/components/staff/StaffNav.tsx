import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/router';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/client/i18n';
import type { StaffRole } from '@/modules/staff/roles';
import styles from './staff.module.css';

/** The console's sections; managers see every one, the box office the gate's and its own. */
const SECTIONS: { path: string; key: string; role: StaffRole }[] = [
  { path: '/staff/gate', key: 'nav.gate', role: 'gate' },
  { path: '/staff/today', key: 'nav.today', role: 'gate' },
  { path: '/staff/bookings', key: 'nav.bookings', role: 'gate' },
  { path: '/staff/members', key: 'nav.members', role: 'gate' },
  { path: '/staff/sell', key: 'nav.sell', role: 'boxoffice' },
  { path: '/staff/calendar', key: 'nav.calendar', role: 'manager' },
  { path: '/staff/reports', key: 'nav.reports', role: 'manager' },
  { path: '/staff/program', key: 'nav.program', role: 'manager' },
  { path: '/staff/catalog', key: 'nav.catalog', role: 'manager' },
  { path: '/staff/promos', key: 'nav.promos', role: 'manager' },
];

export function StaffNav({ role }: { role: StaffRole }) {
  const { t } = useTranslation('staff');
  const { pathname } = useRouter();
  const sections = SECTIONS.filter((s) => role === 'manager' || s.role === 'gate' || s.role === role);
  const list = useRef<HTMLUListElement>(null);
  // On a phone the links scroll sideways in one row: bring this page's link into the row's view.
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && current && row.scrollWidth > row.clientWidth) row.scrollLeft += current.getBoundingClientRect().left - row.getBoundingClientRect().left - 16;
  }, [pathname]);
  return (
    <nav aria-label={t('nav.label')}>
      <ul className={styles.nav} ref={list}>
        {sections.map((s) => (
          <li key={s.path}>
            <Link href={s.path} aria-current={pathname === s.path ? 'page' : undefined}>
              {t(s.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
