import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { LimitForm } from './LimitForm';
import '@build/antd/antd-modal.css';

/**
 * Offered once, right after a new player's first login (registration does not sign in): a deposit limit
 * set now is the easiest one to keep. Skipping is one tap.
 */
export function LimitOfferDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('protection');
  return (
    <Modal
      open
      title={t('offer.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="link" onClick={onClose}>
          {t('offer.skip')}
        </Button>
      }
    >
      <p>{t('offer.text')}</p>
      <LimitForm
        kinds={['DEPOSIT']}
        submitLabel={t('offer.save')}
        onSaved={() => setTimeout(onClose, 1500)}
      />
    </Modal>
  );
}
