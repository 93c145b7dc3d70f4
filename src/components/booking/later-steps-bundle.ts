// The ticket page's steps after the product is chosen, in one chunk of their own (see later-steps.ts).
export { OptionPicker } from './OptionPicker';
export { QuantityPicker } from './QuantityPicker';
export { DatePicker } from './DatePicker';
export { TimeSlotPicker } from './TimeSlotPicker';
export { AddonPicker } from './AddonPicker';
export { RewardPicker } from './RewardPicker';
export { PromoCodeField } from './PromoCodeField';
export { GiftCardField } from './GiftCardField';
export { MobileBookBar } from './MobileBookBar';
export { PassVisitChoice } from '@/components/passes/PassVisitChoice';
