import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorKey, useGetWalletSettingsQuery, useSetWalletSettingsMutation, type ApiError } from '@/api';
import { useAppDispatch } from '@/lib/storeHooks';
import { showToast } from '@/lib/toast';

/** "Bring my credit along": kept on the server for the player, read by the game view at every launch. */
export function BringAlongCheckbox({ className }: { className?: string }) {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const settings = useGetWalletSettingsQuery();
  const [save, saving] = useSetWalletSettingsMutation();
  return (
    <Checkbox
      className={className}
      checked={settings.data?.bringCreditAlong ?? false}
      disabled={!settings.data || saving.isLoading}
      onChange={(event) => {
        save({ walletSettings: { bringCreditAlong: event.target.checked } })
          .unwrap()
          .catch((error: ApiError) => dispatch(showToast({ type: 'error', titleKey: apiErrorKey(error) })));
      }}
    >
      {t('game.bring.along')}
    </Checkbox>
  );
}
