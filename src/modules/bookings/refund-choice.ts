// What a cancellation gives back, chosen by whoever cancels (decision 0016): its own file beside
// cancellation-terms.ts, so that the gift card's share of a refund (gift-cards/pay-with-gift-card.ts) can
// name it without importing the cancellation use case, which imports the gift cards.

/** How much goes back: all that was paid, nothing, or an amount in minor units (1 to the total). */
export type RefundChoice = { kind: 'full' } | { kind: 'none' } | { kind: 'partial'; amount: number };
