import * as yup from 'yup';
import type { Provider } from '@/api';
import { parseTypedBaht } from '@core/money';

/** Out of the lobby's provider, or into it from another. */
export type MoveDirection = 'out' | 'in';

export interface MoveCreditValues {
  direction: MoveDirection;
  /** The provider on the other side: where credit goes (out), or where it comes from (in). */
  other?: Provider;
  /** Baht as typed, e.g. '50,25' as the site writes it, or '50.25'. */
  amount?: string;
}

/**
 * The credit at the source provider bounds the amount (`creditAt`, satang); the server checks it again when
 * it moves.
 */
export function moveCreditSchema(here: Provider, creditAt: (provider: Provider) => number) {
  const satang = (value: string | undefined) => (value ? parseTypedBaht(value) : null);
  return yup.object({
    direction: yup.string().oneOf(['out', 'in']).required(),
    other: yup
      .string()
      .when('direction', ([direction]) =>
        yup
          .string()
          .required(
            direction === 'in'
              ? 'layout:game.move.errors.fromRequired'
              : 'layout:game.move.errors.toRequired',
          ),
      ),
    amount: yup
      .string()
      .required('layout:game.move.errors.amountRequired')
      .test('baht', 'layout:game.move.errors.amountFormat', (value) => (satang(value) ?? -1) > 0)
      .test('credit', 'layout:game.move.errors.creditNotEnough', (value, context) => {
        const { direction, other } = context.parent as MoveCreditValues;
        const source = direction === 'in' ? other : here;
        return source === undefined || (satang(value) ?? 0) <= creditAt(source);
      }),
  });
}
