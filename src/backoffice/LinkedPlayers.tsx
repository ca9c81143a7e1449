import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LinkedPlayer } from '@/backoffice/api';

/**
 * The players linked to one (docs/backoffice.md, "Linked accounts and risk"), each with what links them:
 * shown on the player and on a withdrawal, where the decision is made. A plain list: antd's List is
 * deprecated.
 */
export function LinkedPlayers({ players }: { players: LinkedPlayer[] }) {
  const { t } = useTranslation();
  if (players.length === 0) return <Typography.Text type="secondary">{t('links.none')}</Typography.Text>;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {players.map((p) => (
        <li key={p.username} style={{ padding: '4px 0' }}>
          <Space wrap>
            <strong>{p.username}</strong>
            {p.kinds.map((kind) => (
              <Tag key={kind} color="volcano">
                {t(`links.${kind}`)}
              </Tag>
            ))}
          </Space>
        </li>
      ))}
    </ul>
  );
}
