// The reward the member chose on the ticket page (decision 0042): a reward of the catalogue, paid with
// points, or their guest pass; Book sends it with the choice. Kept for the tab only: a reward is chosen
// again for each booking.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

export type RewardChoiceState = { reward?: string; guestPass: boolean; choose(choice: { reward?: string; guestPass?: boolean }): void };

export const rewardChoiceStore = createStore<RewardChoiceState>()((set) => ({
  reward: undefined,
  guestPass: false,
  choose: (choice) => set({ reward: choice.reward, guestPass: choice.guestPass ?? false }),
}));

export const useRewardChoice = <T>(selector: (s: RewardChoiceState) => T): T => useStore(rewardChoiceStore, selector);
