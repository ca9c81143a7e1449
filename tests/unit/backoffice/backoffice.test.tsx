import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import { periodChangeFrom } from '@core/rewardPeriods';
import { formatTime } from '@/backoffice/format';
import en from '@/backoffice/locales/en.json';
import { BACKOFFICE_ROUTES } from '@/backoffice/routes';
import lo from '@/backoffice/locales/lo.json';
import { FakeEventSource, installFakeEventSource } from '../fakeEventSource';
import { renderBackoffice } from './renderBackoffice';
import { createStaffState, GOOD_CODE, GOOD_PASSWORD, sessionFor, waitingWithdrawal } from './staffApi';

/** An English text by its key path ("menu.players"). */
const text = (key: string) =>
  key.split('.').reduce<unknown>((tree, part) => (tree as Record<string, unknown>)[part], en) as string;

const signedIn = (username: string, role: Parameters<typeof sessionFor>[1]) => ({
  session: sessionFor(username, role),
});

describe('signing in to the back office', () => {
  it('asks for username, password and the authenticator code, in Lao first', async () => {
    renderBackoffice('/', { language: 'lo' });
    expect(await screen.findByRole('heading', { name: lo.login.title })).toBeInTheDocument();
    expect(screen.getByLabelText(lo.login.code)).toBeInTheDocument();
  });

  it('refuses a wrong code with a clear answer, and signs in with the right one', async () => {
    const { user, state } = renderBackoffice('/');
    await user.type(await screen.findByLabelText(en.login.username), 'noy');
    await user.type(screen.getByLabelText(en.login.password), GOOD_PASSWORD);
    await user.type(screen.getByLabelText(en.login.code), '000000');
    await user.click(screen.getByRole('button', { name: en.login.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.errors.STAFF_LOGIN_FAILED);
    // The refusal stays on screen with what was typed: a refused sign-in does not re-read the session.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('alert')).toHaveTextContent(en.errors.STAFF_LOGIN_FAILED);
    expect(screen.getByLabelText(en.login.username)).toHaveValue('noy');
    expect(state.requests.filter((r) => r === 'GET /v2/backoffice/session')).toHaveLength(1);

    await user.clear(screen.getByLabelText(en.login.code));
    await user.type(screen.getByLabelText(en.login.code), GOOD_CODE);
    await user.click(screen.getByRole('button', { name: en.login.submit }));
    expect(await screen.findByRole('heading', { level: 1, name: en.menu.dashboard })).toBeInTheDocument();
    expect(state.session?.username).toBe('noy');
  });

  it('does not send a code that is not 6 digits', async () => {
    const { user, state } = renderBackoffice('/');
    await user.type(await screen.findByLabelText(en.login.username), 'noy');
    await user.type(screen.getByLabelText(en.login.password), GOOD_PASSWORD);
    await user.type(screen.getByLabelText(en.login.code), '12ab');
    await user.click(screen.getByRole('button', { name: en.login.submit }));
    expect(await screen.findByText(en.login.codeFormat)).toBeInTheDocument();
    expect(state.requests).not.toContain('POST /v2/backoffice/session');
  });

  it('goes back to the sign-in when the session ends mid-work', async () => {
    const { user } = renderBackoffice('/', {
      state: { ...signedIn('noy', 'operator'), endSessionOn: '/v2/backoffice/withdrawals' },
    });
    const menu = await screen.findByRole('navigation', { name: en.menu.label });
    await user.click(within(menu).getByRole('link', { name: en.menu.withdrawals }));
    expect(await screen.findByRole('heading', { name: en.login.title })).toBeInTheDocument();
  });
});

describe('the audit log', () => {
  it('shows what each row changed, field by field, and narrows to an action', async () => {
    const { user, state } = renderBackoffice('/audit', { state: signedIn('boss', 'owner') });
    state.audit.unshift({
      seq: 2,
      at: '2026-11-29T02:30:00.000Z',
      actor: 'staff:boss',
      action: 'player.status',
      target: 'player:somchai',
      before: { status: 'ACTIVE', reason: null },
      after: { status: 'BLOCKED', reason: null },
      address: '10.0.0.7',
    });
    const row = (await screen.findByText('player.status')).closest('tr')!;
    // Only the field that changed, its old value struck through.
    expect(within(row).getByText('status:')).toBeInTheDocument();
    expect(within(row).queryByText('reason:')).not.toBeInTheDocument();
    expect(within(row).getByLabelText(en.audit.before)).toHaveTextContent('"ACTIVE"');
    expect(within(row).getByLabelText(en.audit.after)).toHaveTextContent('"BLOCKED"');
    await user.type(screen.getByRole('searchbox', { name: en.audit.action }), 'Player{Enter}');
    await waitFor(() => expect(screen.queryByText('staff.create')).not.toBeInTheDocument());
    expect(screen.getByText('player.status')).toBeInTheDocument();
    expect(state.requests.some((r) => r.startsWith('GET /v2/backoffice/audit'))).toBe(true);
  });
});

describe('the withdrawal queue', () => {
  it('lets an operator approve a waiting withdrawal, says what happened, and drops it from the queue', async () => {
    const { user, state } = renderBackoffice('/withdrawals', { state: signedIn('noy', 'operator') });
    const row = (await screen.findByText('W-2611-0001')).closest('tr')!;
    expect(within(row).getByText('somchai')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: en.withdrawals.approve }));
    const confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: en.withdrawals.approve }));
    expect(
      await screen.findByText(en.withdrawals.outcome.PAID.replace('{{code}}', 'W-2611-0001')),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('W-2611-0001')).not.toBeInTheDocument());
    expect(state.requests).toContain('POST /v2/backoffice/withdrawals/W-2611-0001/approve');
  });

  it('says a second approver is needed above the four-eyes amount', async () => {
    const { user } = renderBackoffice('/withdrawals', {
      state: {
        ...signedIn('noy', 'operator'),
        withdrawals: [waitingWithdrawal({ approvalsNeeded: 2, riskFlags: ['FOUR_EYES'] })],
      },
    });
    const row = (await screen.findByText('W-2611-0001')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: en.withdrawals.approve }));
    await user.click(
      within(await screen.findByRole('tooltip')).getByRole('button', { name: en.withdrawals.approve }),
    );
    expect(
      await screen.findByText(
        en.withdrawals.outcome.AWAITING_SECOND_APPROVAL.replace('{{code}}', 'W-2611-0001'),
      ),
    ).toBeInTheDocument();
  });

  it('shows the risk rules a withdrawal met and the accounts linked to its player, with what links them', async () => {
    const { user } = renderBackoffice('/withdrawals', {
      state: {
        ...signedIn('noy', 'operator'),
        withdrawals: [
          waitingWithdrawal({
            reviewReason: 'RISK_REVIEW',
            riskFlags: ['LINKED_ACCOUNTS'],
            linkedPlayers: [{ username: 'somchai2', kinds: ['BANK_HOLDER', 'DEVICE'] }],
          }),
        ],
      },
    });
    const row = (await screen.findByText('W-2611-0001')).closest('tr')!;
    expect(within(row).getByText(en.flags.LINKED_ACCOUNTS)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'W-2611-0001' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(en.flags.RISK_REVIEW)).toBeInTheDocument();
    expect(within(drawer).getByText('somchai2')).toBeInTheDocument();
    expect(within(drawer).getByText(en.links.BANK_HOLDER)).toBeInTheDocument();
    expect(within(drawer).getByText(en.links.DEVICE)).toBeInTheDocument();
  });

  it('rejects only with a reason the player will read, and sends it', async () => {
    const { user, state } = renderBackoffice('/withdrawals', { state: signedIn('noy', 'operator') });
    const row = (await screen.findByText('W-2611-0001')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: en.withdrawals.reject }));
    const dialog = (await screen.findByText(en.withdrawals.rejectHelp)).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    await user.click(within(dialog).getByRole('button', { name: en.withdrawals.reject }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(en.withdrawals.rejectReasonMissing);
    expect(state.bodies).toEqual({});
    await user.click(within(dialog).getByRole('radio', { name: en.withdrawals.rejectReasons.NAME_MISMATCH }));
    await user.click(within(dialog).getByRole('button', { name: en.withdrawals.reject }));
    expect(
      await screen.findByText(en.withdrawals.outcome.REJECTED.replace('{{code}}', 'W-2611-0001')),
    ).toBeInTheDocument();
    expect(state.bodies['POST /v2/backoffice/withdrawals/W-2611-0001/reject']).toEqual({
      reason: 'NAME_MISMATCH',
    });
  });

  it('shows support staff the queue without the decisions', async () => {
    renderBackoffice('/withdrawals', { state: signedIn('dao', 'support') });
    const row = (await screen.findByText('W-2611-0001')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: en.withdrawals.approve })).not.toBeInTheDocument();
  });
});

describe('what each role sees', () => {
  it('gives marketing no queue in the menu, and a refusal at its address without asking the server', async () => {
    const { state } = renderBackoffice('/withdrawals', { state: signedIn('kham', 'marketing') });
    const menu = await screen.findByRole('navigation', { name: en.menu.label });
    expect(within(menu).getByRole('link', { name: en.menu.promotions })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: en.menu.withdrawals })).not.toBeInTheDocument();
    expect(await screen.findByText(en.forbidden.title)).toBeInTheDocument();
    expect(state.requests).not.toContain('GET /v2/backoffice/withdrawals');
  });

  it('lets an owner change a member’s role in place, and shows who is signed in from where', async () => {
    const { user, state } = renderBackoffice('/staff', { state: signedIn('boss', 'owner') });
    const row = (await screen.findByText('10.0.0.7: signed in', { exact: false })).closest('tr')!;
    expect(within(row).getAllByText('noy')).toHaveLength(2);
    expect(within(row).getByText(/from 10\.0\.0\.7/)).toBeInTheDocument();
    // The owner's own role is not a control: nobody changes their own.
    const ownRow = screen.getAllByText('boss')[0]!.closest('tr')!;
    expect(within(ownRow).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(ownRow).getByText(en.staff.never)).toBeInTheDocument();
    await user.click(within(row).getByRole('combobox', { name: 'Role of noy' }));
    await user.click(await screen.findByTitle(en.roles.support));
    expect(await screen.findByText(`noy is now ${en.roles.support}`)).toBeInTheDocument();
    expect(state.bodies['POST /v2/backoffice/staff/noy/role']).toEqual({ role: 'support' });
  });

  // One <main> landmark a page, as a screen reader's "main" jump expects: the frame's, never one in another.
  it.each(BACKOFFICE_ROUTES.map((route) => [route.path, route.label] as const))(
    'shows %s in one main landmark',
    async (path, label) => {
      renderBackoffice(path, { state: signedIn('boss', 'owner') });
      const heading = await screen.findByRole('heading', { level: 1, name: text(label) });
      expect(screen.getAllByRole('main')).toEqual([heading.closest('main')]);
    },
  );

  it('shows the sign-in in one main landmark', async () => {
    renderBackoffice('/');
    await screen.findByRole('heading', { name: en.login.title });
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('gives the owner every page', async () => {
    renderBackoffice('/', { state: signedIn('boss', 'owner') });
    const menu = await screen.findByRole('navigation', { name: en.menu.label });
    for (const [key, label] of Object.entries(en.menu)) {
      if (key !== 'label') expect(within(menu).getByRole('link', { name: label })).toBeInTheDocument();
    }
  });
});

describe('players', () => {
  it('shows the accounts linked to the player in their tab, and blocks an account only with a reason', async () => {
    const { user, state } = renderBackoffice('/players', { state: signedIn('noy', 'operator') });
    await user.click(await screen.findByRole('button', { name: 'somchai' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('tab', { name: 'Linked accounts (1)' }));
    expect(await within(drawer).findByText('somchai2')).toBeInTheDocument();
    expect(within(drawer).getByText(en.links.FINGERPRINT)).toBeInTheDocument();
    await user.click(within(drawer).getByRole('tab', { name: en.players.tabs.profile }));
    await user.click(await within(drawer).findByRole('button', { name: en.players.blockAccount }));
    const dialog = (await screen.findByText(en.players.blockAccountHelp)).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    expect(
      within(dialog).getByText(en.players.blockAccountTitle.replace('{{username}}', 'somchai')),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: en.players.blockAccount }));
    expect(await within(dialog).findByText(en.login.required)).toBeInTheDocument();
    expect(state.bodies).toEqual({});
    await user.type(within(dialog).getByLabelText(en.players.reason), 'Linked accounts');
    await user.click(within(dialog).getByRole('button', { name: en.players.blockAccount }));
    expect(await screen.findByText(en.players.accountBlocked)).toBeInTheDocument();
    expect(state.bodies['POST /v2/backoffice/players/somchai/status']).toEqual({
      status: 'BLOCKED',
      reason: 'Linked accounts',
    });
  });
});

describe('credit corrections', () => {
  it('asks for a correction in baht, sent in satang with its sign; who asked cannot apply it', async () => {
    const { user, state } = renderBackoffice('/players', { state: signedIn('noy', 'operator') });
    await user.click(await screen.findByRole('button', { name: 'somchai' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('tab', { name: en.corrections.heading }));
    await user.click(await within(drawer).findByRole('button', { name: en.corrections.ask }));
    const dialog = (await screen.findByText(en.corrections.help)).closest<HTMLElement>('[role="dialog"]')!;
    await user.click(within(dialog).getByRole('radio', { name: en.corrections.take }));
    await user.type(within(dialog).getByLabelText(en.corrections.amount), '0');
    await user.type(within(dialog).getByLabelText(en.corrections.reason), 'Duplicated bonus');
    await user.click(within(dialog).getByRole('button', { name: en.corrections.request }));
    expect(await within(dialog).findByText(en.corrections.notZero)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(en.corrections.amount));
    await user.type(within(dialog).getByLabelText(en.corrections.amount), '250.5');
    await user.click(within(dialog).getByRole('button', { name: en.corrections.request }));
    expect(await screen.findByText(en.corrections.requested)).toBeInTheDocument();
    expect(state.bodies['POST /v2/backoffice/players/somchai/corrections']).toEqual({
      provider: 'alphabet',
      amount: -25_050,
      reason: 'Duplicated bonus',
    });
    // Who asked cannot apply it: the drawer says a second member is needed.
    expect(await within(drawer).findByText(en.corrections.secondNeeded)).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: en.corrections.apply })).not.toBeInTheDocument();
  });

  it('lets a second member apply a waiting correction', async () => {
    const state = createStaffState(signedIn('boss', 'owner'));
    state.players.somchai!.corrections = [
      {
        id: '7',
        username: 'somchai',
        provider: 'gclub',
        amount: 10_000,
        reason: 'Round paid short',
        status: 'PENDING',
        requestedBy: 'staff:noy',
        requestedAt: '2026-11-29T02:00:00.000Z',
        decidedBy: null,
        decidedAt: null,
      },
    ];
    const { user } = renderBackoffice('/players', { state });
    await user.click(await screen.findByRole('button', { name: 'somchai' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('tab', { name: en.corrections.heading }));
    await user.click(await within(drawer).findByRole('button', { name: en.corrections.apply }));
    await user.click((await screen.findAllByRole('button', { name: en.corrections.apply })).at(-1)!);
    expect(await screen.findByText(en.corrections.applied)).toBeInTheDocument();
    expect(state.players.somchai!.corrections[0]).toMatchObject({
      status: 'APPLIED',
      decidedBy: 'staff:boss',
    });
  });
});

describe('the audit log', () => {
  it('says the chain is whole when it is', async () => {
    renderBackoffice('/audit', { state: signedIn('boss', 'owner') });
    expect(await screen.findByText(en.audit.intact.replace('{{rows}}', '1'))).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when a row was edited or deleted', async () => {
    renderBackoffice('/audit', {
      state: { ...signedIn('boss', 'owner'), chain: { intact: false, rows: 3, brokenAt: 2 } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(en.audit.broken.replace('{{row}}', '2'));
  });
});

describe('unmatched payments, provider transfers and games', () => {
  it('lets an operator apply an unmatched payment to the order its payer names, after checking the code', async () => {
    const { user, state } = renderBackoffice('/payments', { state: signedIn('noy', 'operator') });
    const row = (await screen.findByText('BCEL-20261129-0042')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: en.payments.apply }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(en.payments.order), 'X123');
    await user.click(within(dialog).getByRole('button', { name: en.payments.apply }));
    expect(await within(dialog).findByText(en.payments.codeFormat)).toBeInTheDocument();
    expect(state.bodies).toEqual({});

    await user.clear(within(dialog).getByLabelText(en.payments.order));
    await user.type(within(dialog).getByLabelText(en.payments.order), 'd2611290001abcd');
    await user.click(within(dialog).getByRole('button', { name: en.payments.apply }));
    expect(
      await screen.findByText(en.payments.applied.replace('{{reference}}', 'BCEL-20261129-0042')),
    ).toBeInTheDocument();
    expect(state.bodies['POST /v2/backoffice/payments/BCEL-20261129-0042/apply']).toEqual({
      code: 'D2611290001ABCD',
    });
    expect(await screen.findByText(en.payments.none)).toBeInTheDocument();
  });

  it('suggests the open orders a payment may belong to, and applies the one the operator picks', async () => {
    const { user, state } = renderBackoffice('/payments', { state: signedIn('noy', 'operator') });
    const row = (await screen.findByText('BCEL-20261129-0042')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: en.payments.apply }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/somchai/)).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('button', {
        name: en.payments.useCandidate.replace('{{code}}', 'D2611290001ABCD'),
      }),
    );
    expect(within(dialog).getByLabelText(en.payments.order)).toHaveValue('D2611290001ABCD');
    await user.click(within(dialog).getByRole('button', { name: en.payments.apply }));
    expect(
      await screen.findByText(en.payments.applied.replace('{{reference}}', 'BCEL-20261129-0042')),
    ).toBeInTheDocument();
    expect(state.bodies['POST /v2/backoffice/payments/BCEL-20261129-0042/apply']).toEqual({
      code: 'D2611290001ABCD',
    });
  });

  it('lets an operator send a stuck provider transfer again and says it was delivered', async () => {
    const { user } = renderBackoffice('/transfers', { state: signedIn('noy', 'operator') });
    await user.click(
      await screen.findByRole('button', {
        name: en.transfers.retryOne.replace('{{reference}}', 'dep:D2611290002ABCD'),
      }),
    );
    expect(
      await screen.findByText(en.transfers.outcome.DELIVERED.replace('{{reference}}', 'dep:D2611290002ABCD')),
    ).toBeInTheDocument();
    expect(await screen.findByText(en.transfers.none)).toBeInTheDocument();
  });

  it('shows seamless rounds left open and rollbacks of bets never received in the wallet check', async () => {
    const round = {
      provider: 'alphabet' as const,
      roundId: 'r-77',
      gameId: 'alp-slot-001',
      gameName: 'Mekong Fortune',
      status: 'OPEN' as const,
      bets: 1_000,
      wins: 0,
      refunds: 0,
      openedAt: '2026-12-03T07:00:00.000Z',
      endedAt: null,
    };
    const { user } = renderBackoffice('/transfers', {
      state: {
        ...signedIn('noy', 'operator'),
        walletCheck: {
          differences: [],
          openRounds: [{ username: 'somchai_88', round }],
          tombstones: [
            {
              provider: 'askmebet',
              betTransactionId: 'bet-9',
              rollbackTransactionId: 'rb-9',
              roundId: 'r-9',
              createdAt: '2026-12-04T07:00:00.000Z',
            },
          ],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: en.transfers.check }));
    expect(await screen.findByText(en.transfers.agree)).toBeInTheDocument();
    expect(screen.getByText(en.transfers.openRounds.replace('{{count}}', '1'))).toBeInTheDocument();
    expect(screen.getByText(/somchai_88 · alphabet · Mekong Fortune · r-77/)).toBeInTheDocument();
    expect(screen.getByText(/bet bet-9 rolled back by rb-9/)).toBeInTheDocument();
  });

  it('lets marketing take a game off the lobby and mark it hot', async () => {
    const { user, state } = renderBackoffice('/games', { state: signedIn('kham', 'marketing') });
    await user.click(
      await screen.findByRole('switch', { name: en.games.enabledOf.replace('{{name}}', 'Golden Naga') }),
    );
    await waitFor(() =>
      expect(state.bodies['POST /v2/backoffice/games/amb-slot-golden-naga']).toEqual({ enabled: false }),
    );
    await user.click(screen.getByRole('checkbox', { name: en.games.hot }));
    await waitFor(() =>
      expect(state.bodies['POST /v2/backoffice/games/amb-slot-golden-naga']).toEqual({ isHot: true }),
    );
    expect(state.games[0]).toMatchObject({ enabled: false, isHot: true });
  });
});

describe('settings', () => {
  it('lets the owner set four eyes and the automatic withdrawal limit in baht, sent in satang', async () => {
    const { user, state } = renderBackoffice('/settings', { state: signedIn('boss', 'owner') });
    expect(
      await screen.findByText(en.settings.automaticHelp.replace('{{amount}}', '1000')),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(en.settings.fourEyes), '5000');
    await user.type(screen.getByLabelText(en.settings.automatic), '12.5x');
    await user.click(screen.getByRole('button', { name: en.settings.save }));
    expect(await screen.findByText(en.settings.amountFormat)).toBeInTheDocument();
    expect(state.bodies['POST /v2/backoffice/settings']).toBeUndefined();

    await user.clear(screen.getByLabelText(en.settings.automatic));
    await user.type(screen.getByLabelText(en.settings.automatic), '150.50');
    await user.click(screen.getByRole('button', { name: en.settings.save }));
    expect(await screen.findByText(en.settings.saved)).toBeInTheDocument();
    expect(state.bodies['POST /v2/backoffice/settings']).toEqual({
      fourEyesAboveCredit: 500_000,
      automaticWithdrawMaxCredit: 15_050,
      depositMinLak: null,
      depositMaxLak: null,
    });
  });

  it('tells the owner, in their language, that four eyes cannot be below the automatic limit', async () => {
    const { user, state } = renderBackoffice('/settings', { state: signedIn('boss', 'owner') });
    // The server's default automatic limit here is 1,000 THB: four eyes above 500 THB would leave a gap.
    await user.type(await screen.findByLabelText(en.settings.fourEyes), '500');
    await user.click(screen.getByRole('button', { name: en.settings.save }));
    expect(await screen.findByText(en.errors.FOUR_EYES_BELOW_AUTOMATIC)).toBeInTheDocument();
    expect(state.settings.fourEyesAboveCredit).toBeNull();
  });
});

describe('rewards settings', () => {
  it('sends only the terms changed, in the contract’s units', async () => {
    const { user, state } = renderBackoffice('/settings', { state: signedIn('boss', 'owner') });
    const cashback = within(await screen.findByRole('region', { name: en.rewards.title }));
    const rate = cashback.getByLabelText(en.rewards.cashback.rateBasisPoints);
    expect(rate).toHaveValue('5');
    await user.clear(rate);
    await user.type(rate, '7.5');
    const cap = cashback.getByLabelText(en.rewards.referral.monthlyCap);
    await user.clear(cap);
    await user.type(cap, '12500');
    // Each reward's card saves its own terms.
    const save = (title: string) =>
      cashback.getByRole('button', { name: en.rewards.save.replace('{{name}}', title) });
    await user.click(save(en.rewards.cashback.title));
    await waitFor(() =>
      expect(state.bodies['POST /v2/backoffice/rewards']).toEqual({ cashback: { rateBasisPoints: 750 } }),
    );
    await user.click(save(en.rewards.referral.title));
    await waitFor(() =>
      expect(state.bodies['POST /v2/backoffice/rewards']).toEqual({ referral: { monthlyCap: 1_250_000 } }),
    );
  });
});

describe('rewards settings: the cashback period', () => {
  it('says a new period kind waits for the next week, and keeps the one in force until then', async () => {
    const { user, state } = renderBackoffice('/settings', { state: signedIn('boss', 'owner') });
    const region = within(await screen.findByRole('region', { name: en.rewards.title }));
    await user.click(region.getByRole('combobox', { name: en.rewards.cashback.period }));
    await user.click(await screen.findByTitle(en.rewards.options.DAY));
    await user.click(
      region.getByRole('button', {
        name: en.rewards.save.replace('{{name}}', en.rewards.cashback.title),
      }),
    );
    await waitFor(() =>
      expect(state.bodies['POST /v2/backoffice/rewards']).toEqual({ cashback: { period: 'DAY' } }),
    );
    const from = periodChangeFrom(new Date()).toISOString();
    expect(
      await region.findByText(
        en.rewards.cashback.periodChange
          .replace('{{period}}', en.rewards.options.DAY)
          .replace('{{from}}', formatTime(from)),
      ),
    ).toBeInTheDocument();
    expect(state.rewards.cashback.period).toBe('WEEK');
  });
});

describe('promotion texts', () => {
  it('lets marketing write a Lao description, preview it as players will read it, and save it', async () => {
    const { user, state } = renderBackoffice('/promotions', { state: signedIn('kham', 'marketing') });
    await user.click(
      await screen.findByRole('button', { name: en.promotions.editOne.replace('{{id}}', 'slot-50') }),
    );
    const editor = await screen.findByRole('dialog');
    const description = within(editor).getByLabelText(en.promotions.description);
    await user.clear(description);
    await user.type(description, 'ຮັບຄືນ 50% ທຸກວັນສຸກ');
    expect(within(editor).getAllByText('ຮັບຄືນ 50% ທຸກວັນສຸກ').length).toBeGreaterThan(0);
    await user.click(within(editor).getByRole('button', { name: en.promotions.save }));
    expect(await screen.findByText(en.promotions.saved)).toBeInTheDocument();
    expect(state.promotions[0]!.texts).toContainEqual({
      lang: 'lo',
      title: 'ຄືນຮັກສະລັອດ 50%',
      description: 'ຮັບຄືນ 50% ທຸກວັນສຸກ',
    });
  });
});

describe('the withdrawal queue', () => {
  it('marks a withdrawal waiting past its decide-by time, with the player’s context beside it', async () => {
    const { state } = renderBackoffice('/withdrawals', { state: signedIn('noy', 'operator') });
    state.withdrawals = [
      waitingWithdrawal({
        createdAt: new Date(Date.now() - 95 * 60_000).toISOString(),
        reviewBy: new Date(Date.now() - 35 * 60_000).toISOString(),
        player: { ...waitingWithdrawal().player, nameMatches: false, deposited: 2_600_000 },
      }),
    ];
    const row = (await screen.findByText('1 h 35 min')).closest('tr')!;
    expect(within(row).getByText(en.withdrawals.overdue)).toBeInTheDocument();
    expect(within(row).getByText(en.withdrawals.nameDiffers)).toBeInTheDocument();
    expect(within(row).getByText(/deposited 2\.600\.000 LAK · withdrawn 0 LAK/)).toBeInTheDocument();
  });

  it('takes a withdrawal while a decider has it open, lets it go on closing, and shows another’s hold', async () => {
    const { user, state } = renderBackoffice('/withdrawals', { state: signedIn('noy', 'operator') });
    const code = state.withdrawals[0]!.code;
    state.withdrawals.push(
      waitingWithdrawal({
        code: 'W2611290009KHAM',
        takenBy: { username: 'kham', displayName: 'Kham', since: '2026-11-29T02:05:00.000Z' },
      }),
    );
    expect(await screen.findByText('Open by Kham')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: code }));
    await waitFor(() => expect(state.requests).toContain(`POST /v2/backoffice/withdrawals/${code}/take`));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(state.requests).toContain(`POST /v2/backoffice/withdrawals/${code}/release`));
    await user.click(screen.getByRole('button', { name: 'W2611290009KHAM' }));
    expect(await screen.findByText(/Kham has had this withdrawal open since/)).toBeInTheDocument();
  });

  it('never takes a withdrawal for a member who may only read the queue', async () => {
    const { user, state } = renderBackoffice('/withdrawals', { state: signedIn('dao', 'support') });
    const code = state.withdrawals[0]!.code;
    await user.click(await screen.findByRole('button', { name: code }));
    expect(await screen.findByText(en.withdrawals.registered)).toBeInTheDocument();
    expect(state.requests.filter((r) => r.endsWith('/take'))).toEqual([]);
  });
});

describe('live events', () => {
  installFakeEventSource();

  it('alerts a withdrawal’s arrival with a tone and a notification, once the operator opted in', async () => {
    const shown: { title: string; body?: string }[] = [];
    const requestPermission = jest.fn(async () => 'granted' as NotificationPermission);
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = async () => {
        FakeNotification.permission = await requestPermission();
        return FakeNotification.permission;
      };
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      }
    }
    const tones = jest.fn();
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator() {
        tones();
        return { frequency: {}, connect: (n: unknown) => n, start() {}, stop() {} };
      }
      createGain() {
        return {
          gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
          connect: (n: unknown) => n,
        };
      }
      close() {
        return Promise.resolve();
      }
    }
    Object.assign(globalThis, { Notification: FakeNotification, AudioContext: FakeAudioContext });
    try {
      const { user, state } = renderBackoffice('/withdrawals', { state: signedIn('noy', 'operator') });
      expect(await screen.findByText(state.withdrawals[0]!.code)).toBeInTheDocument();
      const source = FakeEventSource.current();
      act(() => source.open());
      // Not opted in: nothing sounds.
      act(() => source.push('review', { code: 'W2611290003LIVE' }));
      expect(tones).not.toHaveBeenCalled();
      await user.click(await screen.findByRole('switch', { name: en.withdrawals.alerts }));
      expect(requestPermission).toHaveBeenCalledTimes(1);
      act(() => source.push('review', { code: 'W2611290004LIVE' }));
      expect(tones).toHaveBeenCalled();
      expect(shown).toEqual([
        { title: en.withdrawals.arrivedTitle, body: 'W2611290004LIVE waits for your decision' },
      ]);
    } finally {
      localStorage.removeItem('backoffice.arrivalAlerts');
      delete (globalThis as { Notification?: unknown }).Notification;
      delete (globalThis as { AudioContext?: unknown }).AudioContext;
    }
  });

  it('shows a withdrawal the moment the server names it, read once', async () => {
    const { state } = renderBackoffice('/withdrawals', { state: signedIn('noy', 'operator') });
    expect(await screen.findByText(state.withdrawals[0]!.code)).toBeInTheDocument();
    const source = FakeEventSource.current();
    expect(source.url).toMatch(/\/api\/v2\/backoffice\/events$/);
    act(() => source.open());
    const arriving = waitingWithdrawal({ code: 'W2611290002LIVE', username: 'dara_22' });
    state.withdrawals.push(arriving);
    const asked = () => state.requests.filter((r) => r.startsWith('GET /v2/backoffice/withdrawals')).length;
    const before = asked();
    source.push('order', { code: arriving.code, kind: 'WITHDRAW' });
    expect(await screen.findByText(arriving.code)).toBeInTheDocument();
    expect(asked()).toBe(before + 1);
  });

  it('goes back to the sign-in when the server refuses the stream (the session ended)', async () => {
    const { state } = renderBackoffice('/', { state: signedIn('noy', 'operator') });
    await screen.findByRole('heading', { level: 1, name: en.menu.dashboard });
    state.session = null;
    act(() => FakeEventSource.current().fail(true));
    expect(await screen.findByRole('heading', { name: en.login.title })).toBeInTheDocument();
  });
});

describe('promotion rules', () => {
  it('lets marketing create a promotion, its credit typed in baht and sent in satang, then opens it', async () => {
    const { user, state } = renderBackoffice('/promotions', { state: signedIn('kham', 'marketing') });
    await user.click(await screen.findByRole('button', { name: en.promotions.new }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByText(en.promotions.newTitle)).toBeInTheDocument();
    await user.type(within(form).getByLabelText(en.promotions.newId), 'Weekend 15');
    await user.type(within(form).getByLabelText(en.promotions.title), 'ໂບນັດທ້າຍອາທິດ');
    await user.type(within(form).getByLabelText(en.promotions.description), 'ຝາກ 300.000 ກີບ');
    const deposit = within(form).getByLabelText(en.promotions.rules.depositAmount);
    await user.clear(deposit);
    await user.type(deposit, '300000');
    const largest = within(form).getByLabelText(en.promotions.rules.maxBonusCredit);
    await user.clear(largest);
    await user.type(largest, '150.50');
    const threshold = within(form).getByLabelText(en.promotions.rules.creditThreshold);
    await user.clear(threshold);
    await user.type(threshold, '0');
    await user.click(within(form).getByRole('button', { name: en.promotions.create }));
    // An address with capitals and a space, and a threshold that would refuse every claim, are refused
    // before anything is sent.
    expect(await within(form).findByText(en.promotions.idFormat)).toBeInTheDocument();
    expect(within(form).getByText(en.settings.tooSmall)).toBeInTheDocument();
    expect(state.requests).not.toContain('POST /v2/backoffice/promotions');
    await user.clear(threshold);
    await user.type(threshold, '50');
    await user.clear(within(form).getByLabelText(en.promotions.newId));
    await user.type(within(form).getByLabelText(en.promotions.newId), 'slot-50');
    await user.click(within(form).getByRole('button', { name: en.promotions.create }));
    // Taken: said at the field, nothing created.
    expect(await within(form).findByText(en.errors.PROMOTION_ID_TAKEN)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(en.promotions.newId));
    await user.type(within(form).getByLabelText(en.promotions.newId), 'weekend-15');
    await user.click(within(form).getByRole('button', { name: en.promotions.create }));
    // Created, its editor opens for the other languages: its rules as sent.
    expect(
      await screen.findByText(en.promotions.created.replace('{{id}}', 'weekend-15')),
    ).toBeInTheDocument();
    const editor = await waitFor(() => {
      const found = screen
        .getAllByRole('dialog')
        .find((d) => within(d).queryByText(en.promotions.rules.title) !== null);
      expect(found).toBeDefined();
      return found!;
    });
    expect(within(editor).getByText('weekend-15')).toBeInTheDocument();
    expect(within(editor).getByLabelText(en.promotions.rules.maxBonusCredit)).toHaveValue('150.50');
    expect(state.promotions.find((p) => p.id === 'weekend-15')).toMatchObject({
      texts: [{ lang: 'lo', title: 'ໂບນັດທ້າຍອາທິດ', description: 'ຝາກ 300.000 ກີບ' }],
      rules: {
        depositAmount: 300_000,
        maxBonusCredit: 15_050,
        creditThreshold: 5_000,
        bonusPercent: 10,
        oneTime: true,
      },
    });
  });

  it('saves the rules of a promotion nobody has claimed', async () => {
    const { user, state } = renderBackoffice('/promotions', { state: signedIn('kham', 'marketing') });
    await user.click(
      await screen.findByRole('button', { name: en.promotions.editOne.replace('{{id}}', 'slot-50') }),
    );
    const editor = await screen.findByRole('dialog');
    const turnover = within(editor).getByLabelText(en.promotions.rules.turnover);
    await user.clear(turnover);
    await user.type(turnover, '8');
    await user.click(within(editor).getByRole('button', { name: en.promotions.rules.save }));
    expect(await screen.findByText(en.promotions.rulesSaved)).toBeInTheDocument();
    expect(state.promotions[0]!.rules).toMatchObject({ turnover: 8, maxBonusCredit: 30_000 });
  });

  it('shows a claimed promotion’s rules as fixed, with the way to offer other terms', async () => {
    const [slot] = createStaffState().promotions;
    const { user } = renderBackoffice('/promotions', {
      state: { ...signedIn('kham', 'marketing'), promotions: [{ ...slot!, claimed: true }] },
    });
    await user.click(
      await screen.findByRole('button', { name: en.promotions.editOne.replace('{{id}}', 'slot-50') }),
    );
    const editor = await screen.findByRole('dialog');
    expect(within(editor).getByText(en.promotions.rules.locked)).toBeInTheDocument();
    expect(within(editor).getByLabelText(en.promotions.rules.turnover)).toBeDisabled();
    expect(within(editor).queryByRole('button', { name: en.promotions.rules.save })).not.toBeInTheDocument();
  });
});

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );

describe('the back office texts', () => {
  const loKeys = new Map(leaves(lo as Tree));
  const enKeys = new Map(leaves(en as Tree));

  it('has every text in Lao and in English, none empty, with the same placeholders', () => {
    // Lao has one plural form (_other), English two (_one, _other).
    const base = (keys: Iterable<string>) =>
      [...new Set([...keys].map((k) => k.replace(/_(one|other)$/, '')))].sort();
    expect(base(loKeys.keys())).toEqual(base(enKeys.keys()));
    for (const [key, text] of [...loKeys, ...enKeys])
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of loKeys)
      expect({ key, names: names(text) }).toEqual({ key, names: names(enKeys.get(key) ?? text) });
  });

  it('has a text for every key the screens name', () => {
    const dir = join(__dirname, '../../../src/backoffice');
    const files = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(d, e.name)) : /\.tsx?$/.test(e.name) ? [join(d, e.name)] : [],
      );
    const used = files(dir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\('([a-zA-Z0-9_.]+)'/g)].map((m) => m[1]!),
    );
    expect(used.length).toBeGreaterThan(50);
    const plural = (key: string) => loKeys.has(key) || loKeys.has(`${key}_other`);
    expect(used.filter((key) => !plural(key))).toEqual([]);
  });
});
