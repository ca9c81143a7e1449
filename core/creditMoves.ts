import type { components } from './contract';

type Provider = components['schemas']['Provider'];

/**
 * Whether a promotion in use at `promotionProvider` forbids moving credit from `from` to `to`. It binds the
 * credit of its provider both ways: credit moved out would escape its turnover, credit moved in would be
 * bound too (a withdraw-all promotion would take it back). The server refuses such a move with
 * PROMOTION_BINDS_CREDIT; the web app leaves it out of what it offers.
 */
export function promotionBindsMove(
  promotionProvider: string | null | undefined,
  from: Provider,
  to: Provider,
): boolean {
  return promotionProvider === from || promotionProvider === to;
}
