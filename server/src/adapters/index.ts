// Placeholder owned by the money work: game providers, payment gateway and payout adapters.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Adapters {}
