import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/ui/Panel';
import { LimitForm } from './LimitForm';
import styles from './Protection.module.css';

/**
 * Offered on a new player's first visit to deposit, above the deposit form and without blocking it: a
 * deposit limit set before the first deposit is the easiest one to keep. The form opens in the card with
 * one tap; skipping is one tap too, and depositing without answering is fine.
 */
export function LimitOfferCard({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('protection');
  const [formOpen, setFormOpen] = useState(false);
  return (
    <Panel
      role="region"
      aria-labelledby="limit-offer-title"
      size="small"
      className={styles.offer}
      title={<h2 id="limit-offer-title">{t('offer.title')}</h2>}
    >
      <p>{t('offer.text')}</p>
      {formOpen && (
        <LimitForm
          kinds={['DEPOSIT']}
          submitLabel={t('offer.save')}
          onSaved={() => setTimeout(onClose, 1500)}
        />
      )}
      <Flex gap={8} wrap>
        {!formOpen && (
          <Button type="primary" ghost onClick={() => setFormOpen(true)}>
            {t('offer.save')}
          </Button>
        )}
        <Button type="link" onClick={onClose}>
          {t('offer.skip')}
        </Button>
      </Flex>
    </Panel>
  );
}
