import type { ReactNode } from 'react';
import { useTranslation } from '@/client/i18n';
import frame from '@/components/ui/page.module.css';
import { Alert } from '@/components/ui/Alert';
import { PageTitle } from '@/components/ui/PageTitle';
import type { StaffUser } from '@/modules/staff/roles';
import { StaffNav } from './StaffNav';
import styles from './staff.module.css';

/** The frame of every staff page: title, who is signed in with which role, the sections. A gate user on
 * a manager's page reads why it is closed to them (the page answers 403); `forbiddenText` says it for a page
 * open to more than managers (the box office's). */
export function StaffPage({ title, staff, forbidden, forbiddenText, children }: { title: string; staff: StaffUser; forbidden?: boolean; forbiddenText?: string; children: ReactNode }) {
  const { t } = useTranslation('staff');
  return (
    <div className={frame.page}>
      <PageTitle title={title} />
      <h1 className={frame.heading}>{title}</h1>
      <p className={styles.role}>{t('signedInAs', { email: staff.email, role: t(`roles.${staff.role}`) })}</p>
      <StaffNav role={staff.role} />
      {forbidden ? <Alert tone="error">{forbiddenText ?? t('managersOnly')}</Alert> : children}
    </div>
  );
}
