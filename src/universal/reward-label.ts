// How an order's reward is named to its member (decision 0042): "Reward: Free adult ticket" for a reward
// paid with points ('reward:<id>'), "Guest pass: free adult ticket" for a guest pass; from the rewards
// namespace of the reader's language.
export function rewardLabel(t: (key: string, values?: Record<string, string | number>) => string, reason: string): string {
  if (reason === 'guest-pass') return t('summary.guestPass');
  return t('summary.reward', { name: t(`catalogue.${reason.replace(/^reward:/, '')}`) });
}
