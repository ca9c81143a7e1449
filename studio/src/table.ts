import { handTotal, PAYS_TO_ONE } from '@core/baccarat';
import { formatOdds } from '@core/numberFormat';
import { playRound, settleRound, type StudioRound } from './api';
import { h, radioGroup } from './dom';
import { formatThb } from './format';
import type { Shell } from './shell';
import { fill } from './texts';

type Side = 'player' | 'banker' | 'tie';

const SUIT_SIGNS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** '10H' → a card showing 10♥, red for hearts and diamonds. */
function cardItem(card: string): HTMLLIElement {
  const suit = card.slice(-1);
  return h(
    'li',
    { class: suit === 'H' || suit === 'D' ? 'card red' : 'card' },
    card.slice(0, -1) + SUIT_SIGNS[suit],
  );
}

/** A baccarat-style table: choose a side and a chip, deal; the server deals and pays. */
export function tableView(shell: Shell): HTMLElement {
  const { t, session } = shell;
  let side: Side = 'player';
  let bet = session.bets[0]!;
  let open: StudioRound | null = session.openRound?.status === 'OPEN' ? session.openRound : null;
  const sideName = (s: string) => t[s as Side] ?? s;

  const hand = (name: string) => {
    const cards = h('ul', { class: 'cards', 'aria-label': name });
    const score = h('span', { class: 'score' });
    return { cards, score, el: h('div', { class: 'hand' }, h('h2', {}, name, ' ', score), cards) };
  };
  const playerHand = hand(t.player);
  const bankerHand = hand(t.banker);
  const openNote = h('p', { class: 'note' });

  const deal = h('button', { type: 'button', class: 'primary' }, t.deal);
  const finish = h('button', { type: 'button' }, t.finishRound);

  function showOpen() {
    openNote.hidden = !open;
    finish.hidden = !open;
    deal.disabled = !!open;
    if (open)
      openNote.textContent = fill(t.openRound, {
        amount: formatThb(open.bet),
        side: sideName(open.outcome.side ?? ''),
      });
  }

  function showDeal(round: StudioRound) {
    const { playerCards = [], bankerCards = [], winner } = round.outcome;
    playerHand.cards.replaceChildren(...playerCards.map(cardItem));
    bankerHand.cards.replaceChildren(...bankerCards.map(cardItem));
    playerHand.score.textContent = `(${handTotal(playerCards)})`;
    bankerHand.score.textContent = `(${handTotal(bankerCards)})`;
    const result = winner === 'tie' ? t.tieResult : fill(t.wins, { side: sideName(winner ?? '') });
    shell.announce(`${result} · ${round.win > 0 ? fill(t.won, { amount: formatThb(round.win) }) : t.noWin}`);
  }

  async function settle(round: StudioRound) {
    const settled = await settleRound(session.session, round.roundId);
    open = null;
    shell.setBalance(settled.balanceAfter);
    showDeal(settled);
  }

  deal.addEventListener('click', async () => {
    deal.disabled = true;
    deal.textContent = t.dealing;
    shell.showError(null);
    try {
      const round = await playRound({ session: session.session, bet, side });
      open = round;
      shell.setBalance(round.balanceAfter);
      await settle(round);
    } catch (error) {
      shell.showError(error);
    } finally {
      deal.textContent = t.deal;
      showOpen();
    }
  });
  finish.addEventListener('click', async () => {
    if (!open) return;
    finish.disabled = true;
    shell.showError(null);
    try {
      await settle(open);
    } catch (error) {
      shell.showError(error);
    } finally {
      finish.disabled = false;
      showOpen();
    }
  });
  showOpen();

  return h(
    'section',
    { class: 'table' },
    h('div', { class: 'felt' }, playerHand.el, bankerHand.el),
    openNote,
    h(
      'div',
      { class: 'controls' },
      radioGroup<Side>({
        name: 'side',
        legend: t.betOn,
        options: [
          { value: 'player', label: t.player, hint: formatOdds(PAYS_TO_ONE.player) },
          { value: 'banker', label: t.banker, hint: formatOdds(PAYS_TO_ONE.banker) },
          { value: 'tie', label: t.tie, hint: formatOdds(PAYS_TO_ONE.tie) },
        ],
        value: side,
        onChange: (value) => (side = value),
      }),
      radioGroup<number>({
        name: 'chip',
        legend: t.chip,
        options: session.bets.map((b) => ({ value: b, label: formatThb(b) })),
        value: bet,
        onChange: (value) => (bet = value),
      }),
      h('div', { class: 'actions' }, deal, finish),
    ),
  );
}
