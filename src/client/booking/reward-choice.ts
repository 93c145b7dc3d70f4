// The reward the member chose on the ticket page (decision 0042): a reward of the catalogue, paid with
// points, or their guest pass; Book sends it with the choice. Kept for the tab only: a reward is chosen
// again for each booking.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** `giftCard`: a gift card code typed on the ticket page, sent with Book (decision 0047). */
export type RewardChoiceState = { reward?: string; guestPass: boolean; giftCard: string; choose(choice: { reward?: string; guestPass?: boolean }): void; enterGiftCard(code: string): void };

export const rewardChoiceStore = createStore<RewardChoiceState>()((set) => ({
  reward: undefined,
  guestPass: false,
  giftCard: '',
  enterGiftCard: (code) => set({ giftCard: code }),
  choose: (choice) => set({ reward: choice.reward, guestPass: choice.guestPass ?? false }),
}));

export const useRewardChoice = <T>(selector: (s: RewardChoiceState) => T): T => useStore(rewardChoiceStore, selector);
