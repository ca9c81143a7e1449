import { Alert, Button, Descriptions, Flex, Input, QRCode } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorKey, useClaimReferralMutation, type Provider, type ReferralOverview } from '@/api';
import { PROVIDERS } from '@core/providers';
import { formatBasisPoints, formatMinor } from '@/lib/format';
import { createIdempotencyKeys } from '@/lib/idempotencyKeys';
import { referralLink } from '@/lib/referralLink';
import { useAppDispatch } from '@/lib/storeHooks';
import { showToast } from '@/lib/toast';
import selectStyles from '@/ui/form/SelectField.module.css';
import { Panel } from '@/ui/Panel';
import { Typography } from '@/ui/Typography';

const thb = (satang: number) => `${formatMinor(satang, 'THB')} THB`;

/** The player's link: shown, copied, handed to the phone's share sheet, and as a QR to scan. */
function ShareLink({ link }: { link: string }) {
  const { t } = useTranslation('promotion');
  const dispatch = useAppDispatch();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      dispatch(showToast({ type: 'success', titleKey: 'promotion:rewards.referral.copied' }));
    } catch {
      dispatch(showToast({ type: 'warning', titleKey: 'promotion:rewards.referral.copyFailed' }));
    }
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <Flex vertical gap={8} align="center">
      <Input
        readOnly
        value={link}
        aria-label={t('rewards.referral.link')}
        onFocus={(e) => e.target.select()}
      />
      <Flex gap={8} wrap style={{ width: '100%' }}>
        <Button style={{ flex: 1 }} onClick={() => void copy()}>
          {t('rewards.referral.copy')}
        </Button>
        {canShare && (
          <Button
            style={{ flex: 1 }}
            onClick={() =>
              void navigator.share({ title: t('rewards.referral.title'), url: link }).catch(() => undefined)
            }
          >
            {t('rewards.referral.share')}
          </Button>
        )}
      </Flex>
      <QRCode type="svg" value={link} size={160} aria-label={t('rewards.referral.qr')} role="img" />
    </Flex>
  );
}

/** Refer a friend: the link, the terms, the friends counted and the commission, and its claim. */
export function ReferralPanel({ referral }: { referral: ReferralOverview }) {
  const { t } = useTranslation('promotion');
  const dispatch = useAppDispatch();
  const [provider, setProvider] = useState<Provider>('alphabet');
  const [claimReferral, claim] = useClaimReferralMutation();
  const keys = useRef(createIdempotencyKeys()).current;
  const { terms } = referral;

  const onClaim = async () => {
    const body = { provider };
    const result = await claimReferral({ 'Idempotency-Key': keys.keyFor(body), body });
    if ('data' in result && result.data) {
      keys.reset();
      dispatch(
        showToast({
          type: 'success',
          titleKey: 'promotion:rewards.referral.claimed',
          values: {
            amount: formatMinor(result.data.claim.amount, 'THB'),
            provider: t(`money:provider.${result.data.claim.provider}`),
          },
        }),
      );
    }
  };

  return (
    <Panel title={t('rewards.referral.title')}>
      <Typography.Paragraph>
        {t(`rewards.referral.terms.${terms.basis}`, {
          rate: formatBasisPoints(terms.rateBasisPoints),
          cap: formatMinor(terms.monthlyCap, 'THB'),
        })}
      </Typography.Paragraph>
      <ShareLink link={referralLink(window.location.origin, referral.code)} />
      <Descriptions column={1} size="small" bordered style={{ marginTop: 12 }}>
        <Descriptions.Item label={t('rewards.referral.friends')}>{referral.friends}</Descriptions.Item>
        <Descriptions.Item label={t('rewards.referral.friendsPlayed')}>
          {referral.friendsPlayed}
        </Descriptions.Item>
        <Descriptions.Item label={t('rewards.referral.thisMonth')}>
          {thb(referral.thisMonth)}
        </Descriptions.Item>
        <Descriptions.Item label={t('rewards.referral.today')}>{thb(referral.today)}</Descriptions.Item>
        <Descriptions.Item label={t('rewards.referral.claimable')}>
          {thb(referral.claimable)}
        </Descriptions.Item>
      </Descriptions>
      {claim.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 12 }}
          title={t(apiErrorKey(claim.error))}
        />
      )}
      {referral.reason === 'CLAIMABLE' ? (
        <Flex vertical gap={8} style={{ marginTop: 12 }}>
          <label htmlFor="referral-provider">{t('rewards.referral.creditTo')}</label>
          <span className={selectStyles.frame}>
            <select
              id="referral-provider"
              className={selectStyles.select}
              value={provider}
              onChange={(event) => setProvider(event.target.value as Provider)}
            >
              {PROVIDERS.map((code) => (
                <option key={code} value={code}>
                  {t(`money:provider.${code}`)}
                </option>
              ))}
            </select>
          </span>
          <Button type="primary" block loading={claim.isLoading} onClick={() => void onClaim()}>
            {t('rewards.referral.claim', { amount: formatMinor(referral.claimable, 'THB') })}
          </Button>
        </Flex>
      ) : (
        <Alert
          type="info"
          showIcon
          role="status"
          style={{ marginTop: 12 }}
          title={t(`rewards.referral.reason.${referral.reason}`)}
        />
      )}
      {terms.turnover > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('rewards.referral.turnover', { times: terms.turnover })}
        </Typography.Paragraph>
      )}
    </Panel>
  );
}
