import { REVEAL_MULTIPLIERS } from '@core/revealRules';
import { playRound } from './api';
import { h, radioGroup } from './dom';
import { formatMultiplier, formatThb } from './format';
import type { Shell } from './shell';
import { fill } from './texts';

const CARDS = 3;

/**
 * Bet and reveal: choose a chip, pick one of three face-down cards; the server decides what each hides.
 * Whatever the game's name (a rooster, a fish, a match), this is what is played, and the page says so: the
 * rule under the heading, and the cards' backs in the game's own artwork.
 */
export function revealView(shell: Shell): HTMLElement {
  const { t, session } = shell;
  let bet = session.bets[0]!;
  const [high = 0, low = 0] = [...REVEAL_MULTIPLIERS].sort((a, b) => b - a);
  const cardBack = `--card-back: url("${session.game.thumbnail}")`;

  const again = h('button', { type: 'button', hidden: true }, t.newRound);
  const cards = Array.from({ length: CARDS }, (_, pick) => {
    const button = h(
      'button',
      { type: 'button', class: 'pick', style: cardBack },
      fill(t.card, { n: pick + 1 }),
    );
    button.addEventListener('click', () => play(pick));
    return button;
  });

  function faceDown() {
    cards.forEach((card, i) => {
      card.disabled = false;
      card.className = 'pick';
      card.textContent = fill(t.card, { n: i + 1 });
    });
    again.hidden = true;
  }

  async function play(pick: number) {
    cards.forEach((card) => (card.disabled = true));
    shell.showError(null);
    try {
      const round = await playRound({ session: session.session, bet, pick });
      const { multipliers = [], winningPick } = round.outcome;
      cards.forEach((card, i) => {
        card.className = `pick open${i === pick ? ' picked' : ''}${i === winningPick ? ' best' : ''}`;
        card.textContent = `${fill(t.card, { n: i + 1 })}: ${formatMultiplier(multipliers[i] ?? 0)}`;
      });
      shell.setBalance(round.balanceAfter);
      shell.announce(
        `${fill(t.youPicked, { n: pick + 1 })} · ${
          round.win > 0 ? fill(t.won, { amount: formatThb(round.win) }) : t.noWin
        }`,
      );
      again.hidden = false;
      again.focus();
    } catch (error) {
      shell.showError(error);
      faceDown();
    }
  }
  again.addEventListener('click', () => {
    faceDown();
    cards[0]!.focus();
  });

  return h(
    'section',
    { class: 'reveal' },
    radioGroup<number>({
      name: 'chip',
      legend: t.bet,
      options: session.bets.map((b) => ({ value: b, label: formatThb(b) })),
      value: bet,
      onChange: (value) => (bet = value),
    }),
    h('h2', {}, t.pickCard),
    h('p', { class: 'rule' }, fill(t.pickRule, { high: formatMultiplier(high), low: formatMultiplier(low) })),
    h('div', { class: 'picks' }, ...cards),
    again,
  );
}
