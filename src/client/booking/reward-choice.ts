// The reward the member chose on the ticket page (decision 0042): a reward of the catalogue, paid with
// points, or their guest pass; Book sends it with the choice. Kept for the tab only: a reward is chosen
// again for each booking.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** `giftCard`: a gift card code typed on the ticket page, sent with Book (decision 0047); `annualPass`: the
 * visit is booked with the member's annual pass, at zero price (decision 0051). */
export type RewardChoiceState = {
  reward?: string;
  guestPass: boolean;
  giftCard: string;
  annualPass: boolean;
  choose(choice: { reward?: string; guestPass?: boolean }): void;
  enterGiftCard(code: string): void;
  useAnnualPass(on: boolean): void;
};

export const rewardChoiceStore = createStore<RewardChoiceState>()((set) => ({
  reward: undefined,
  guestPass: false,
  giftCard: '',
  annualPass: false,
  enterGiftCard: (code) => set({ giftCard: code }),
  useAnnualPass: (on) => set({ annualPass: on }),
  choose: (choice) => set({ reward: choice.reward, guestPass: choice.guestPass ?? false }),
}));

export const useRewardChoice = <T>(selector: (s: RewardChoiceState) => T): T => useStore(rewardChoiceStore, selector);
