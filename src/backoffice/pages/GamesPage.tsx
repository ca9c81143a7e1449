import { App, Checkbox, InputNumber, Select, Space, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVIDERS } from '@core/providers';
import {
  errorCode,
  type StaffGame,
  useListStaffGamesQuery,
  useUpdateStaffGameMutation,
} from '@/backoffice/api';
import type { StaffGameChange } from '@/backoffice/api/generated';
import type { CsvColumn } from '@/backoffice/csv';
import { ExportButton, ListTable } from '@/backoffice/ListTools';

/** A game's place in its provider's lobby, saved when staff leave the field or press Enter. */
function OrderInput({ game, save }: { game: StaffGame; save: (change: StaffGameChange) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(game.order);
  const commit = () => {
    if (value !== null && value !== game.order) save({ order: value });
  };
  return (
    <InputNumber<number>
      aria-label={t('games.orderOf', { name: game.name })}
      min={0}
      max={1_000_000}
      precision={0}
      value={value}
      onChange={setValue}
      onBlur={commit}
      onPressEnter={commit}
      style={{ width: 96 }}
    />
  );
}

/** The game catalogue: each game on or off the lobby, its place within its provider, its badges. */
export function GamesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [provider, setProvider] = useState<StaffGame['provider']>();
  const { data, isFetching } = useListStaffGamesQuery();
  const [update] = useUpdateStaffGameMutation();
  const games = (data?.games ?? []).filter((g) => !provider || g.provider === provider);
  const save = async (game: StaffGame, change: StaffGameChange) => {
    const result = await update({ gameId: game.id, staffGameChange: change });
    if ('error' in result) return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
    void message.success(t('games.saved', { name: game.name }));
  };
  const columns: ColumnsType<StaffGame> = [
    { title: t('games.name'), dataIndex: 'name' },
    { title: t('withdrawals.provider'), dataIndex: 'provider' },
    { title: t('games.category'), dataIndex: 'category' },
    {
      title: t('games.enabled'),
      key: 'enabled',
      render: (_: unknown, game) => (
        <Switch
          aria-label={t('games.enabledOf', { name: game.name })}
          checked={game.enabled}
          onChange={(enabled) => void save(game, { enabled })}
        />
      ),
    },
    {
      title: t('games.order'),
      key: 'order',
      render: (_: unknown, game) => (
        <OrderInput key={`${game.id}:${game.order}`} game={game} save={(change) => void save(game, change)} />
      ),
    },
    {
      title: t('games.badges'),
      key: 'badges',
      render: (_: unknown, game) => (
        <Space>
          <Checkbox checked={game.isNew} onChange={(e) => void save(game, { isNew: e.target.checked })}>
            {t('games.new')}
          </Checkbox>
          <Checkbox checked={game.isHot} onChange={(e) => void save(game, { isHot: e.target.checked })}>
            {t('games.hot')}
          </Checkbox>
        </Space>
      ),
    },
  ];
  const csvColumns: CsvColumn<StaffGame>[] = [
    { title: 'id', value: (g) => g.id },
    { title: t('games.name'), value: (g) => g.name },
    { title: t('withdrawals.provider'), value: (g) => g.provider },
    { title: t('games.category'), value: (g) => g.category },
    { title: t('games.enabled'), value: (g) => g.enabled },
    { title: t('games.order'), value: (g) => g.order },
    { title: t('games.new'), value: (g) => g.isNew },
    { title: t('games.hot'), value: (g) => g.isHot },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<StaffGame['provider']>
          aria-label={t('withdrawals.provider')}
          placeholder={t('games.allProviders')}
          allowClear
          value={provider}
          onChange={setProvider}
          options={PROVIDERS.map((p) => ({ value: p, label: p }))}
          style={{ minWidth: 160 }}
        />
        <ExportButton name="games.csv" columns={csvColumns} rows={() => games} />
      </Space>
      <ListTable<StaffGame>
        label={t('menu.games')}
        rowKey="id"
        columns={columns}
        rows={games}
        loading={isFetching && !data}
        pageSize={30}
      />
    </>
  );
}
