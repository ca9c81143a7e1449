import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@/backoffice/api';

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

type Fields = Record<string, unknown>;
const fieldsOf = (value: unknown): Fields | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : undefined;

/**
 * What a row changed, field by field: each field whose value differs between before and after (one added,
 * removed or changed), the old value struck through. A row with only an after (a creation) lists it whole.
 */
export function AuditDiff({ before, after }: Pick<AuditEntry, 'before' | 'after'>) {
  const { t } = useTranslation();
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  if ((before != null && !old) || (after != null && !now))
    return <ChangedValue before={json(before)} after={json(after)} />;
  const names = [...new Set([...Object.keys(old ?? {}), ...Object.keys(now ?? {})])].filter(
    (name) => json(old?.[name]) !== json(now?.[name]),
  );
  if (names.length === 0) return <>{t('audit.noChange')}</>;
  return (
    <dl style={{ margin: 0 }}>
      {names.map((name) => (
        <div key={name} style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
          <dt style={{ fontWeight: 600 }}>{name}:</dt>
          <dd style={{ margin: 0 }}>
            <ChangedValue before={json(old?.[name])} after={json(now?.[name])} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ChangedValue({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  return (
    <span style={{ wordBreak: 'break-word' }}>
      {before !== '' && (
        <del aria-label={t('audit.before')} style={{ color: '#a8071a' }}>
          {before}
        </del>
      )}
      {before !== '' && after !== '' && ' → '}
      {after !== '' && (
        <ins aria-label={t('audit.after')} style={{ color: '#135200', textDecoration: 'none' }}>
          {after}
        </ins>
      )}
    </span>
  );
}
