import { Checkbox } from 'antd';
import { useState } from 'react';
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
  // The player's last tick, as the server took it: an earlier read of the setting still on its way must not
  // untick the box. Dropped when the server refuses it.
  const [choice, setChoice] = useState<boolean | null>(null);
  return (
    <Checkbox
      className={className}
      checked={choice ?? settings.data?.bringCreditAlong ?? false}
      disabled={!settings.data || saving.isLoading}
      onChange={(event) => {
        const bringCreditAlong = event.target.checked;
        setChoice(bringCreditAlong);
        save({ walletSettings: { bringCreditAlong } })
          .unwrap()
          .catch((error: ApiError) => {
            // Refused: the box shows the server's setting again, and says why.
            setChoice(null);
            dispatch(showToast({ type: 'error', titleKey: apiErrorKey(error) }));
          });
      }}
    >
      {t('game.bring.along')}
    </Checkbox>
  );
}
