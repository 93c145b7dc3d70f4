// The ticket page's "with my annual pass" step (decision 0051): shown to a member holding an active pass
// when the chosen option is one the pass covers; checked, Book sends the visit at zero price and the
// server applies the pass's rules (one visitor, one upcoming visit, no closed day), naming any it breaks.
import { useRouter } from 'next/router';
import { rewardChoiceStore, useRewardChoice } from '@/client/booking/reward-choice';
import { useTranslation } from '@/client/i18n';
import { Checkbox } from '@/components/ui/Checkbox';
import type { MemberPassView } from '@/modules/passes/member-pass';
import { formatShortDate as formatDate } from '@/universal/format/date-time';

export function PassVisitChoice({ pass }: { pass: MemberPassView }) {
  const { t } = useTranslation('passes');
  const { locale = 'en' } = useRouter();
  const on = useRewardChoice((s) => s.annualPass);
  return (
    <>
      <Checkbox label={t('holder.use')} checked={on} onChange={(e) => rewardChoiceStore.getState().useAnnualPass(e.target.checked)} name="annualPass" />
      <p>{t('holder.useHint', { date: formatDate(pass.endsOn ?? '', locale) })}</p>
    </>
  );
}
