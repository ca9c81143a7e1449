import { Button, Descriptions, Flex, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typography } from '@/ui/Typography';
import type { PlayerSession } from '@/api';
import { formatDate } from '@/lib/format';
import { Panel } from '@/ui/Panel';
import { STATUS_ICONS } from '@/ui/statusIcons';

interface SessionCardProps {
  session: PlayerSession;
  ending: boolean;
  onEnd: () => Promise<unknown>;
}

/** One signed-in device. This device cannot be ended here: signing out is in the account menu. */
export function SessionCard({ session, ending, onEnd }: SessionCardProps) {
  const { t } = useTranslation('account');
  return (
    <Panel size="small" role="listitem">
      <Flex vertical gap={8}>
        <Flex wrap gap={8} align="center">
          <Typography.Text strong>{session.device || t('sessions.unknownDevice')}</Typography.Text>
          {session.current && <Tag>{t('sessions.thisDevice')}</Tag>}
        </Flex>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'address', label: t('sessions.address'), children: session.address },
            { key: 'loginAt', label: t('sessions.loginAt'), children: formatDate(session.loginAt) },
            { key: 'lastSeenAt', label: t('sessions.lastSeenAt'), children: formatDate(session.lastSeenAt) },
          ]}
        />
        {!session.current && (
          <Popconfirm
            icon={STATUS_ICONS.warning}
            title={t('sessions.endConfirm', { device: session.device || t('sessions.unknownDevice') })}
            okText={t('sessions.endYes')}
            okButtonProps={{ danger: true }}
            cancelText={t('sessions.cancel')}
            onConfirm={onEnd}
          >
            <Button danger loading={ending} style={{ alignSelf: 'flex-end' }}>
              {t('sessions.end')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
    </Panel>
  );
}
