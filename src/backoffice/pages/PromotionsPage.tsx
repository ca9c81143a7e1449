import { App, Button, Card, Segmented, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Form, FormSpy } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { validateWithYup } from '@/ui/form/validateWithYup';
import {
  errorCode,
  type StaffPromotion,
  useListStaffPromotionsQuery,
  useUpdateStaffPromotionMutation,
  useUpdateStaffPromotionTextMutation,
} from '@/backoffice/api';
import type { StaffPromotionChange } from '@/backoffice/api/generated';
import { TextInput } from '@/backoffice/form';
import { formatTime } from '@/backoffice/format';
import type { CsvColumn } from '@/backoffice/csv';
import { DetailDrawer, ExportButton, ListTable } from '@/backoffice/ListTools';
import { NewPromotionForm, RULE_KEYS, RulesEditor } from '@/backoffice/pages/PromotionRules';

type Language = 'lo' | 'th' | 'cn' | 'vn';
const LANGUAGES: Language[] = ['lo', 'th', 'cn', 'vn'];
interface TextValues {
  title: string;
  description: string;
}
const textSchema = object({
  title: string().trim().required('login.required').max(120, 'promotions.tooLong'),
  description: string().trim().required('login.required').max(2000, 'promotions.tooLong'),
});

/** A promotion's texts, one language at a time, with a preview of what players will read. */
function TextEditor({ promotion }: { promotion: StaffPromotion }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [lang, setLang] = useState<Language>('lo');
  const [save] = useUpdateStaffPromotionTextMutation();
  const current = promotion.texts.find((x) => x.lang === lang);
  return (
    <>
      <Segmented<Language>
        aria-label={t('promotions.language')}
        value={lang}
        onChange={setLang}
        options={LANGUAGES.map((l) => ({ value: l, label: t(`promotions.lang.${l}`) }))}
      />
      <Form<TextValues>
        key={`${promotion.id}-${lang}`}
        initialValues={{ title: current?.title ?? '', description: current?.description ?? '' }}
        validate={validateWithYup<TextValues>(textSchema)}
        onSubmit={async (values) => {
          const result = await save({
            promotionId: promotion.id,
            staffPromotionText: { lang, title: values.title.trim(), description: values.description.trim() },
          });
          if ('error' in result)
            return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
          void message.success(t('promotions.saved'));
        }}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate style={{ marginTop: 16 }}>
            <TextInput name="title" label={t('promotions.title')} />
            <TextInput name="description" label={t('promotions.description')} multiline />
            <FormSpy<TextValues> subscription={{ values: true }}>
              {({ values }) => (
                <Card size="small" title={t('promotions.preview')} style={{ marginBottom: 16 }}>
                  <div lang={lang === 'cn' ? 'zh' : lang === 'vn' ? 'vi' : lang}>
                    <Typography.Title level={4}>{values.title || '—'}</Typography.Title>
                    <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>
                      {values.description}
                    </Typography.Paragraph>
                  </div>
                </Card>
              )}
            </FormSpy>
            <Button type="primary" htmlType="submit" loading={submitting}>
              {t('promotions.save')}
            </Button>
          </form>
        )}
      />
    </>
  );
}

interface ScheduleValues {
  imageUrl: string;
  endsAt: string;
}
const LOCAL_MINUTE = 'YYYY-MM-DDTHH:mm';
const scheduleSchema = object({
  imageUrl: string()
    .trim()
    .matches(/^\/[A-Za-z0-9._~/-]+$/, { message: 'promotions.imageFormat', excludeEmptyString: true })
    .test('same-origin', 'promotions.imageFormat', (v) => !v || !v.startsWith('//'))
    .max(200, 'promotions.tooLong'),
  endsAt: string().test('date', 'promotions.endsFormat', (v) => !v || dayjs(v).isValid()),
});

/** A promotion's artwork (a same-origin address) and when it ends, in the staff member's time zone. */
function ScheduleEditor({ promotion }: { promotion: StaffPromotion }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [update] = useUpdateStaffPromotionMutation();
  const initial: ScheduleValues = {
    imageUrl: promotion.imageUrl ?? '',
    endsAt: promotion.endsAt ? dayjs(promotion.endsAt).format(LOCAL_MINUTE) : '',
  };
  return (
    <Form<ScheduleValues>
      key={`${promotion.id}-${promotion.endsAt}-${promotion.imageUrl}`}
      initialValues={initial}
      validate={validateWithYup<ScheduleValues>(scheduleSchema)}
      onSubmit={async (values) => {
        const change: StaffPromotionChange = {};
        const imageUrl = values.imageUrl?.trim() ?? '';
        if (imageUrl && imageUrl !== initial.imageUrl) change.imageUrl = imageUrl;
        if (values.endsAt && values.endsAt !== initial.endsAt)
          change.endsAt = dayjs(values.endsAt).toISOString();
        if (Object.keys(change).length === 0) return;
        const result = await update({ promotionId: promotion.id, staffPromotionChange: change });
        if ('error' in result) return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
        void message.success(t('promotions.scheduleSaved'));
      }}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate style={{ marginTop: 24 }}>
          <Typography.Title level={3} style={{ fontSize: '1.1rem' }}>
            {t('promotions.schedule')}
          </Typography.Title>
          <TextInput name="imageUrl" label={t('promotions.image')} autoComplete="off" />
          <TextInput name="endsAt" label={t('promotions.endsAt')} type="datetime-local" />
          <Button htmlType="submit" loading={submitting}>
            {t('promotions.saveSchedule')}
          </Button>
        </form>
      )}
    />
  );
}

/** Promotions with their status, end and languages; each one's texts edited in a drawer. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const { data, isFetching } = useListStaffPromotionsQuery();
  const [openId, setOpenId] = useState<string>();
  const [creating, setCreating] = useState(false);
  const open = data?.find((p) => p.id === openId);
  const columns: ColumnsType<StaffPromotion> = [
    { title: t('promotions.id'), dataIndex: 'id' },
    {
      title: t('promotions.lo'),
      render: (_, p) => p.texts.find((x) => x.lang === 'lo')?.title ?? '—',
    },
    {
      title: t('promotions.status'),
      dataIndex: 'status',
      render: (s: string) => t(`promotions.statusValue.${s}`, { defaultValue: s }),
    },
    { title: t('promotions.ends'), dataIndex: 'endsAt', render: (v: string | null) => formatTime(v) },
    {
      title: t('promotions.languages'),
      render: (_, p) => p.texts.map((x) => <Tag key={x.lang}>{x.lang}</Tag>),
    },
    {
      title: t('promotions.edit'),
      render: (_, p) => (
        <Button onClick={() => setOpenId(p.id)} aria-label={t('promotions.editOne', { id: p.id })}>
          {t('promotions.edit')}
        </Button>
      ),
    },
  ];
  const csvColumns: CsvColumn<StaffPromotion>[] = [
    { title: 'id', value: (p) => p.id },
    { title: 'status', value: (p) => p.status },
    { title: 'ends_at', value: (p) => p.endsAt },
    { title: 'title_lo', value: (p) => p.texts.find((x) => x.lang === 'lo')?.title },
    { title: 'languages', value: (p) => p.texts.map((x) => x.lang).join(' ') },
    { title: 'claimed', value: (p) => p.claimed },
    ...RULE_KEYS.map((key) => ({ title: key, value: (p: StaffPromotion) => p.rules[key] })),
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('promotions.new')}
        </Button>
        <ExportButton name="promotions.csv" columns={csvColumns} rows={() => data ?? []} disabled={!data} />
      </Space>
      <ListTable<StaffPromotion>
        label={t('menu.promotions')}
        rowKey="id"
        columns={columns}
        rows={data ?? []}
        loading={isFetching && !data}
        pageSize={50}
      />
      <DetailDrawer
        open={open !== undefined}
        onClose={() => setOpenId(undefined)}
        title={open?.id}
        size="large"
      >
        {open && (
          <>
            <TextEditor promotion={open} />
            <ScheduleEditor promotion={open} />
            <RulesEditor promotion={open} />
          </>
        )}
      </DetailDrawer>
      <DetailDrawer
        open={creating}
        onClose={() => setCreating(false)}
        title={t('promotions.newTitle')}
        size="large"
      >
        {creating && (
          <NewPromotionForm
            onCreated={(id) => {
              setCreating(false);
              setOpenId(id);
            }}
          />
        )}
      </DetailDrawer>
    </>
  );
}
