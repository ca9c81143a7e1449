import { Button, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetSessionSummaryQuery } from '@/api';
import { formatDecimal } from '@/lib/format';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { OVER_GAME_VIEW_Z_INDEX, splitDuration } from './protectionRules';
import '@build/antd/antd-modal.css';

interface RealityCheckDialogProps {
  onContinue: () => void;
  onLogout: () => void;
  onHistory: () => void;
}

/** The reminder (RTS 13): time played and the session's net result, then continue, log out or history. */
export function RealityCheckDialog({ onContinue, onLogout, onHistory }: RealityCheckDialogProps) {
  const { t } = useTranslation('protection');
  const summary = useGetSessionSummaryQuery();
  const played = splitDuration(summary.data?.playedSeconds ?? 0);
  const net = summary.data?.net ?? '0.00';
  const sign = net.startsWith('-') ? '' : '+';

  return (
    <Modal
      open
      zIndex={OVER_GAME_VIEW_Z_INDEX}
      title={t('realityCheck.dialog.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={[
        <Button key="history" onClick={onHistory}>
          {t('realityCheck.dialog.history')}
        </Button>,
        <Button key="logout" danger onClick={onLogout}>
          {t('realityCheck.dialog.logout')}
        </Button>,
        <Button key="continue" type="primary" onClick={onContinue}>
          {t('realityCheck.dialog.continue')}
        </Button>,
      ]}
    >
      {summary.isLoading ? (
        <LoadingBlock />
      ) : (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('realityCheck.dialog.played')}>
            {t('duration', { hours: played.hours, minutes: played.minutes })}
          </Descriptions.Item>
          <Descriptions.Item label={t('realityCheck.dialog.net')}>
            {`${sign}${formatDecimal(net)} THB`}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
