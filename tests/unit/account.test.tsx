import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PlayerSession, SessionList, Statement } from '@/api';
import { formatDate } from '@/lib/format';
import { testPlayer } from './msw/fakeState';
import { apiPath, errorResponse } from './msw/respond';
import { renderApp } from './renderApp';

// 18:30 UTC on 22 November is already 01:30 on 23 November in Vientiane (UTC+7): the page must count
// the statement's days there, not in UTC or in the device's zone.
const NOW = new Date('2026-11-22T18:30:00Z');
const VIENTIANE_TODAY = '2026-11-23';

const statement: Statement = {
  from: '2026-10-25',
  to: VIENTIANE_TODAY,
  deposits: { count: 2, amount: 300000, credit: '461.53' },
  withdrawals: { count: 1, amount: 1300000, credit: '1000.00' },
  bonuses: '30.00',
  rewards: '7.50',
  corrections: '0.00',
  providers: [
    { provider: 'alphabet', net: '-35.00' },
    { provider: 'askmebet', net: '0.00' },
    { provider: 'gclub', net: '12.50' },
    { provider: 'gclub_live', net: '0.00' },
  ],
  net: '-22.50',
};

/** The statement endpoint, answering for whatever days were asked and recording each query. */
function statementApi() {
  const asked: Array<{ from: string | null; to: string | null }> = [];
  const handler = http.get(apiPath('/v2/players/statement'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push({ from: query.get('from'), to: query.get('to') });
    return HttpResponse.json<Statement>({
      ...statement,
      from: query.get('from') ?? '',
      to: query.get('to') ?? '',
    });
  });
  return { asked, handler };
}

/** The table row whose first cell names it. */
function row(name: string) {
  return screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
}

/** A day of the open range picker; its two months show some days twice, greyed out in one of them. */
function day(date: string) {
  return screen
    .getAllByTitle(date)
    .find((cell) => cell.classList.contains('ant-picker-cell-in-view')) as HTMLElement;
}

/** Only the clock's date is fixed: timers stay real, so antd, MSW and user-event run as usual. */
function fixDate() {
  jest.useFakeTimers({
    now: NOW,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

describe('/player/activity', () => {
  beforeEach(fixDate);
  afterEach(() => jest.useRealTimers());

  it('shows the last 30 Vientiane days: money in and out, bonuses and the result per provider with its sign', async () => {
    const api = statementApi();
    renderApp('/player/activity', { state: { player: testPlayer }, handlers: [api.handler] });

    expect(await screen.findByRole('heading', { level: 1, name: 'ປະຫວັດບັນຊີ' })).toBeInTheDocument();
    expect(await screen.findByText('ແຕ່ 25/10/2026 ເຖິງ 23/11/2026')).toBeInTheDocument();
    expect(api.asked).toEqual([{ from: '2026-10-25', to: VIENTIANE_TODAY }]);
    expect(screen.getByRole('radio', { name: '30 ມື້ຜ່ານມາ' })).toBeChecked();

    const deposits = screen.getByText('ການຝາກເງິນ').closest('.ant-card') as HTMLElement;
    expect(deposits).toHaveTextContent(/ຈຳນວນລາຍການ\s*2/);
    expect(deposits).toHaveTextContent('300.000 LAK');
    expect(deposits).toHaveTextContent('461,53 THB');
    const withdrawals = screen.getByText('ການຖອນເງິນ').closest('.ant-card') as HTMLElement;
    expect(withdrawals).toHaveTextContent(/ຈຳນວນລາຍການ\s*1/);
    expect(withdrawals).toHaveTextContent('1.300.000 LAK');
    expect(withdrawals).toHaveTextContent('1.000,00 THB');
    expect(screen.getByText('ໂບນັດທີ່ໄດ້ຮັບ').closest('.ant-card')).toHaveTextContent('30,00 THB');
    expect(screen.getByText('ລາງວັນທີ່ໄດ້ຮັບ (ເງິນຄືນ)').closest('tr')).toHaveTextContent('7,50 THB');

    // A loss reads with its minus sign, a win with a plus: the colour only repeats what the sign says.
    const lost = within(row('Alphabet')).getByText('-35,00 THB');
    expect(lost).toHaveClass('ant-typography-danger');
    const won = within(row('GClub')).getByText('+12,50 THB');
    expect(won).toHaveClass('ant-typography-success');
    const even = within(row('AskMeBet')).getByText('0,00 THB');
    expect(even.className).not.toMatch(/ant-typography-(success|danger)/);
    const total = within(row('ລວມທັງໝົດ')).getByText('-22,50 THB');
    expect(total.closest('.ant-typography')).toHaveClass('ant-typography-danger');
  });

  it('asks for today in Vientiane when the player chooses Today', async () => {
    const api = statementApi();
    const { user } = renderApp('/player/activity', {
      state: { player: testPlayer },
      handlers: [api.handler],
    });
    await screen.findByText('ແຕ່ 25/10/2026 ເຖິງ 23/11/2026');

    await user.click(screen.getByText('ມື້ນີ້'));
    expect(await screen.findByText('ແຕ່ 23/11/2026 ເຖິງ 23/11/2026')).toBeInTheDocument();
    expect(api.asked.at(-1)).toEqual({ from: VIENTIANE_TODAY, to: VIENTIANE_TODAY });

    await user.click(screen.getByText('7 ມື້ຜ່ານມາ'));
    expect(await screen.findByText('ແຕ່ 17/11/2026 ເຖິງ 23/11/2026')).toBeInTheDocument();
    expect(api.asked.at(-1)).toEqual({ from: '2026-11-17', to: VIENTIANE_TODAY });
  });

  it('lets the player pick past days only, and asks for the range picked', async () => {
    const api = statementApi();
    const { user } = renderApp('/player/activity', {
      state: { player: testPlayer },
      handlers: [api.handler],
    });
    await screen.findByText('ແຕ່ 25/10/2026 ເຖິງ 23/11/2026');

    await user.click(screen.getByText('ກຳນົດເອງ'));
    // Custom starts from the period on screen: nothing is asked until a range is picked. The picker's code
    // loads when custom is chosen.
    expect(await screen.findByPlaceholderText('ວັນທີເລີ່ມ')).toHaveValue('25/10/2026');
    expect(screen.getByPlaceholderText('ວັນທີສິ້ນສຸດ')).toHaveValue('23/11/2026');
    expect(api.asked).toHaveLength(1);

    await user.click(screen.getByPlaceholderText('ວັນທີເລີ່ມ'));
    expect(day('2026-11-24')).toHaveClass('ant-picker-cell-disabled');
    expect(day(VIENTIANE_TODAY)).not.toHaveClass('ant-picker-cell-disabled');
    await user.click(day('2026-11-02'));
    await user.click(day('2026-11-10'));
    expect(await screen.findByText('ແຕ່ 02/11/2026 ເຖິງ 10/11/2026')).toBeInTheDocument();
    expect(api.asked.at(-1)).toEqual({ from: '2026-11-02', to: '2026-11-10' });
  });

  it('says in Lao why the statement could not be shown', async () => {
    renderApp('/player/activity', {
      state: { player: testPlayer },
      handlers: [http.get(apiPath('/v2/players/statement'), () => errorResponse('VALIDATION_ERROR'))],
    });
    expect(await screen.findByText('ຂໍ້ມູນບໍ່ຖືກຕ້ອງ, ກະລຸນາກວດສອບແລ້ວລອງໃໝ່.')).toBeInTheDocument();
    expect(screen.queryByText('ການຝາກເງິນ')).not.toBeInTheDocument();
  });
});

const thisPhone: PlayerSession = {
  id: 'S-4F2A9C1B7D',
  device: 'Chrome · Android',
  address: '203.0.113.7',
  loginAt: '2026-11-22T07:00:00.000Z',
  lastSeenAt: '2026-11-22T07:30:00.000Z',
  current: true,
};
const iphone: PlayerSession = {
  id: 'S-0A1B2C3D4E',
  device: 'Safari · iPhone',
  address: '198.51.100.23',
  loginAt: '2026-11-20T01:15:00.000Z',
  lastSeenAt: '2026-11-21T12:05:00.000Z',
  current: false,
};
const laptop: PlayerSession = {
  id: 'S-9F8E7D6C5B',
  device: 'Firefox on Windows',
  address: '192.0.2.44',
  loginAt: '2026-11-18T09:00:00.000Z',
  lastSeenAt: '2026-11-19T10:00:00.000Z',
  current: false,
};
const PREVIOUS_LOGIN = '2026-11-21T19:12:44.000Z';
const FIRST_LOGIN = '0001-01-01T00:00:00Z';

/** The player's sessions on a small fake server: ending one removes it, as the real one does. */
function sessionsApi(sessions: PlayerSession[], previousLoginAt = PREVIOUS_LOGIN) {
  const api = { sessions: [...sessions], requests: [] as string[] };
  const seen = (request: Request) =>
    api.requests.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`);
  const handlers = [
    http.get(apiPath('/v2/players/sessions'), ({ request }) => {
      seen(request);
      return HttpResponse.json<SessionList>({ previousLoginAt, sessions: api.sessions });
    }),
    http.post(apiPath('/v2/players/sessions/end-others'), ({ request }) => {
      seen(request);
      const ended = api.sessions.filter((s) => !s.current).length;
      api.sessions = api.sessions.filter((s) => s.current);
      return HttpResponse.json({ ended });
    }),
    http.delete(apiPath('/v2/players/sessions/:sessionId'), ({ request, params }) => {
      seen(request);
      if (!api.sessions.some((s) => s.id === params.sessionId)) return errorResponse('SESSION_NOT_FOUND');
      api.sessions = api.sessions.filter((s) => s.id !== params.sessionId);
      return HttpResponse.json({ ok: true });
    }),
  ];
  return { api, handlers };
}

function sessionList() {
  return screen.getByRole('list', { name: 'ເຊດຊັນທີ່ເປີດຢູ່' });
}

function sessionCard(device: string) {
  return within(sessionList())
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(device)) as HTMLElement;
}

describe('/player/sessions', () => {
  it('lists the signed-in devices, this one tagged, with the previous login', async () => {
    const { handlers } = sessionsApi([thisPhone, iphone]);
    renderApp('/player/sessions', { state: { player: testPlayer }, handlers });

    expect(await screen.findByRole('heading', { level: 1, name: 'ອຸປະກອນທີ່ເຂົ້າລະບົບ' })).toBeInTheDocument();
    expect(await screen.findByText(`ເຂົ້າລະບົບຄັ້ງກ່ອນ: ${formatDate(PREVIOUS_LOGIN)}`)).toBeInTheDocument();
    expect(within(sessionList()).getAllByRole('listitem')).toHaveLength(2);

    const mine = sessionCard('Chrome · Android');
    expect(within(mine).getByText('ອຸປະກອນນີ້')).toBeInTheDocument();
    expect(mine).toHaveTextContent('203.0.113.7');
    expect(mine).toHaveTextContent(formatDate(thisPhone.loginAt));
    expect(mine).toHaveTextContent(formatDate(thisPhone.lastSeenAt));
    // Signing this device out is the account menu's job, not this list's.
    expect(within(mine).queryByRole('button', { name: 'ສິ້ນສຸດ' })).not.toBeInTheDocument();

    const other = sessionCard('Safari · iPhone');
    expect(within(other).queryByText('ອຸປະກອນນີ້')).not.toBeInTheDocument();
    expect(other).toHaveTextContent('198.51.100.23');
    expect(other).toHaveTextContent(formatDate(iphone.loginAt));
    expect(within(other).getByRole('button', { name: 'ສິ້ນສຸດ' })).toBeInTheDocument();
  });

  it('ends another session after confirmation and shows the list without it', async () => {
    const { api, handlers } = sessionsApi([thisPhone, iphone, laptop]);
    const { user } = renderApp('/player/sessions', { state: { player: testPlayer }, handlers });
    await screen.findByText('Safari · iPhone');

    await user.click(within(sessionCard('Safari · iPhone')).getByRole('button', { name: 'ສິ້ນສຸດ' }));
    expect(
      await screen.findByText('ສິ້ນສຸດເຊດຊັນເທິງ Safari · iPhone? ອຸປະກອນນັ້ນຈະຕ້ອງເຂົ້າລະບົບໃໝ່.'),
    ).toBeInTheDocument();
    expect(api.requests).not.toContain(`DELETE /v2/players/sessions/${iphone.id}`);
    await user.click(screen.getByRole('button', { name: 'ສິ້ນສຸດເຊດຊັນ' }));

    expect(await screen.findByText('ສິ້ນສຸດເຊດຊັນແລ້ວ')).toBeInTheDocument();
    expect(api.requests).toContain(`DELETE /v2/players/sessions/${iphone.id}`);
    await waitFor(() => expect(screen.queryByText('Safari · iPhone')).not.toBeInTheDocument());
    expect(within(sessionList()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Firefox on Windows')).toBeInTheDocument();
    expect(api.requests.filter((r) => r === 'GET /v2/players/sessions')).toHaveLength(2);
  });

  it('says in Lao when the session had already ended', async () => {
    const { api, handlers } = sessionsApi([thisPhone, iphone]);
    const { user } = renderApp('/player/sessions', { state: { player: testPlayer }, handlers });
    await screen.findByText('Safari · iPhone');
    // It ends elsewhere (it expired, or another device ended it) while this list still shows it.
    api.sessions = [thisPhone];

    await user.click(within(sessionCard('Safari · iPhone')).getByRole('button', { name: 'ສິ້ນສຸດ' }));
    await user.click(await screen.findByRole('button', { name: 'ສິ້ນສຸດເຊດຊັນ' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('ບໍ່ພົບເຊດຊັນນີ້ ຫຼື ມັນໄດ້ສິ້ນສຸດແລ້ວ');
    expect(screen.queryByText('ສິ້ນສຸດເຊດຊັນແລ້ວ')).not.toBeInTheDocument();
    // The list is read again, so the session that is gone leaves it.
    await waitFor(() => expect(screen.queryByText('Safari · iPhone')).not.toBeInTheDocument());
    expect(within(sessionList()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('ບໍ່ພົບເຊດຊັນນີ້ ຫຼື ມັນໄດ້ສິ້ນສຸດແລ້ວ');
  });

  it('ends all the other sessions after confirmation and says how many', async () => {
    const { api, handlers } = sessionsApi([thisPhone, iphone, laptop]);
    const { user } = renderApp('/player/sessions', { state: { player: testPlayer }, handlers });
    await screen.findByText('Safari · iPhone');

    await user.click(screen.getByRole('button', { name: 'ສິ້ນສຸດເຊດຊັນອື່ນທັງໝົດ' }));
    await user.click(await screen.findByRole('button', { name: 'ສິ້ນສຸດທັງໝົດ' }));

    expect(await screen.findByText('ສິ້ນສຸດແລ້ວ 2 ເຊດຊັນ')).toBeInTheDocument();
    expect(api.requests).toContain('POST /v2/players/sessions/end-others');
    expect(await screen.findByText('ບໍ່ມີອຸປະກອນອື່ນເຂົ້າລະບົບຢູ່')).toBeInTheDocument();
    expect(within(sessionList()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Chrome · Android')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ສິ້ນສຸດເຊດຊັນອື່ນທັງໝົດ' })).toBeDisabled();
  });

  it('greets a first login and offers nothing to end when this is the only device', async () => {
    const { handlers } = sessionsApi([thisPhone], FIRST_LOGIN);
    renderApp('/player/sessions', { state: { player: testPlayer }, handlers });

    expect(await screen.findByText('ນີ້ແມ່ນການເຂົ້າລະບົບຄັ້ງທຳອິດຂອງທ່ານ')).toBeInTheDocument();
    expect(screen.queryByText(/ເຂົ້າລະບົບຄັ້ງກ່ອນ/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ສິ້ນສຸດເຊດຊັນອື່ນທັງໝົດ' })).toBeDisabled();
    expect(screen.getByText('ບໍ່ມີອຸປະກອນອື່ນເຂົ້າລະບົບຢູ່')).toBeInTheDocument();
  });
});
