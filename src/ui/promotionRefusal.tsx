import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, apiErrorKey, type ApiError } from '@/api';
import { formatMinor } from '@/lib/format';

/** (Shared by the promotion and withdraw features.) A promotion refusal that carries its numbers (the error's details), ready to translate. */
export interface PromotionRefusal {
  key: string;
  values: Record<string, string>;
}

/** The server sends each number as the text of an integer (satang); a missing one reads 0. */
function detailNumbers(error: ApiError): Record<string, number> {
  const details = (error as { data?: { details?: unknown } } | undefined)?.data?.details;
  const numbers: Record<string, number> = {};
  for (const d of Array.isArray(details) ? details : []) {
    const { field, message } = (d ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string' && /^-?\d+$/.test(message))
      numbers[field] = Number(message);
  }
  return numbers;
}

const thb = (satang: number | undefined) => formatMinor(satang ?? 0, 'THB');

/**
 * The refusals whose message says exactly why, with the server's numbers: turnover not met (how much more
 * to play), withdraw all (how much), not usable (credit and threshold). Other errors: undefined.
 */
export function promotionRefusal(error: unknown): PromotionRefusal | undefined {
  const code = apiErrorCode(error as ApiError);
  const n = detailNumbers(error as ApiError);
  if (code === 'PROMOTION_TURNOVER_NOT_MET' && n.turnoverRequired !== undefined) {
    const done = n.turnoverDone ?? 0;
    return {
      key: `promotion:refusal.${code}`,
      values: {
        left: thb(Math.max(0, n.turnoverRequired - done)),
        done: thb(done),
        required: thb(n.turnoverRequired),
      },
    };
  }
  if (code === 'PROMOTION_MIN_CREDIT' && n.minCredit !== undefined)
    return { key: `promotion:refusal.${code}`, values: { minimum: thb(n.minCredit), credit: thb(n.credit) } };
  if (code === 'PROMOTION_WITHDRAW_ALL' && n.credit !== undefined)
    return { key: `promotion:refusal.${code}`, values: { credit: thb(n.credit) } };
  if (code === 'PROMOTION_NOT_USABLE' && n.credit !== undefined && n.threshold !== undefined)
    return {
      key: `promotion:refusal.${code}`,
      values: { credit: thb(n.credit), threshold: thb(n.threshold) },
    };
  return undefined;
}

/** An error alert for a promotion-related call: the detailed refusal when there is one, else the code's text. */
export function PromotionErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const refusal = promotionRefusal(error);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 12 }}
      title={refusal ? t(refusal.key, refusal.values) : t(apiErrorKey(error as ApiError))}
    />
  );
}
