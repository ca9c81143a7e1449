import {
  lineWins,
  LINES,
  PAYLINES,
  PAYS,
  REELS,
  ROWS,
  type LineWin,
  type Reels,
} from '../../server/src/sandbox/studio/slotRules';
import { playRound } from './api';
import { h, svg } from './dom';
import { formatNumber } from '@core/numberFormat';
import { formatThb } from './format';
import type { Shell } from './shell';
import { fill, symbolName } from './texts';

// The pay table and line shapes are the server's own (slotRules.ts), so the page draws exactly what pays.

const CELL = 100;
const LETTER_COLOURS: Record<string, string> = { J: '#1d5fa8', Q: '#7a2f96', K: '#176638', A: '#a3261b' };

/** A symbol drawn in a 100×100 cell. */
function symbolArt(symbol: string): SVGElement {
  const letter = LETTER_COLOURS[symbol];
  if (letter)
    return svg(
      'text',
      { x: 50, y: 70, 'text-anchor': 'middle', 'font-size': 56, 'font-weight': 700, fill: letter },
      symbol,
    );
  if (symbol === '7')
    return svg(
      'text',
      {
        x: 50,
        y: 76,
        'text-anchor': 'middle',
        'font-size': 72,
        'font-weight': 900,
        fill: '#d62828',
        stroke: '#5a0d0d',
        'stroke-width': 3,
      },
      '7',
    );
  if (symbol === 'CHERRY')
    return svg(
      'g',
      {},
      svg('path', {
        d: 'M36 62 Q44 30 62 22 M64 62 Q62 36 62 22',
        stroke: '#2f7d32',
        'stroke-width': 5,
        fill: 'none',
      }),
      svg('circle', { cx: 34, cy: 66, r: 15, fill: '#c1121f' }),
      svg('circle', { cx: 66, cy: 66, r: 15, fill: '#c1121f' }),
    );
  // BELL
  return svg(
    'g',
    {},
    svg('path', {
      d: 'M50 20 C32 20 30 40 30 56 L24 70 L76 70 L70 56 C70 40 68 20 50 20 Z',
      fill: '#e9b10a',
      stroke: '#7a5800',
      'stroke-width': 3,
    }),
    svg('circle', { cx: 50, cy: 76, r: 7, fill: '#7a5800' }),
  );
}

function cellCentre(reel: number, row: number): string {
  return `${reel * CELL + CELL / 2},${row * CELL + CELL / 2}`;
}

export function slotView(shell: Shell): HTMLElement {
  const { t, session } = shell;
  let bet = session.bets[0]!;
  let lines = session.lines || LINES;

  const reels = svg('svg', {
    viewBox: `0 0 ${REELS * CELL} ${ROWS * CELL}`,
    class: 'reels',
    role: 'img',
    'aria-label': t.reels,
  });
  const cells: SVGGElement[][] = [];
  for (let reel = 0; reel < REELS; reel++) {
    cells.push([]);
    for (let row = 0; row < ROWS; row++) {
      const cell = svg('g', { transform: `translate(${reel * CELL} ${row * CELL})`, class: 'cell' });
      reels.append(cell);
      cells[reel]!.push(cell);
    }
  }
  const overlay = svg('g', { class: 'paylines' });
  reels.append(overlay);

  function draw(symbols: Reels, wins: LineWin[]) {
    const hits = new Set<string>();
    overlay.replaceChildren();
    for (const win of wins) {
      const rows = PAYLINES[win.line - 1]!;
      for (let reel = 0; reel < win.count; reel++) hits.add(`${reel},${rows[reel]}`);
      overlay.append(
        svg('polyline', {
          points: rows.map((row, reel) => cellCentre(reel, row)).join(' '),
          class: 'payline',
        }),
      );
    }
    symbols.forEach((column, reel) =>
      column.forEach((symbol, row) => {
        const cell = cells[reel]![row]!;
        cell.replaceChildren(
          svg('rect', {
            x: 4,
            y: 4,
            width: CELL - 8,
            height: CELL - 8,
            rx: 12,
            class: hits.has(`${reel},${row}`) ? 'hit' : '',
          }),
          symbolArt(symbol),
        );
      }),
    );
    reels.setAttribute(
      'aria-label',
      `${t.reels}: ${symbols.map((column) => column.map((s) => symbolName(t, s)).join(' ')).join(' | ')}`,
    );
  }
  draw(
    [
      ['7', 'BELL', 'CHERRY'],
      ['A', 'K', 'Q'],
      ['7', '7', '7'],
      ['Q', 'K', 'A'],
      ['CHERRY', 'BELL', '7'],
    ],
    [],
  );

  const total = h('output', { class: 'total' });
  const showTotal = () => (total.textContent = `${t.totalBet}: ${formatThb(bet * lines)} THB`);
  showTotal();

  const betSelect = h(
    'select',
    { id: 'bet' },
    ...session.bets.map((b) => h('option', { value: b, selected: b === bet }, formatThb(b))),
  );
  betSelect.addEventListener('change', () => {
    bet = Number(betSelect.value);
    showTotal();
  });
  const linesSelect = h(
    'select',
    { id: 'lines' },
    ...Array.from({ length: session.lines || LINES }, (_, i) =>
      h('option', { value: i + 1, selected: i + 1 === lines }, String(i + 1)),
    ),
  );
  linesSelect.addEventListener('change', () => {
    lines = Number(linesSelect.value);
    showTotal();
  });

  const spin = h('button', { type: 'button', class: 'primary' }, t.spin);
  spin.addEventListener('click', async () => {
    spin.disabled = true;
    spin.textContent = t.spinning;
    reels.classList.add('spinning');
    shell.showError(null);
    try {
      const [round] = await Promise.all([
        playRound({ session: session.session, bet, lines }),
        new Promise((resolve) => setTimeout(resolve, 350)),
      ]);
      const symbols = (round.outcome.reels ?? []) as Reels;
      // The same rule as the server's: the lines it names as winning, with their symbols and counts.
      const wins = lineWins(symbols, round.outcome.lines ?? lines, bet);
      draw(symbols, wins);
      shell.setBalance(round.balanceAfter);
      const details = wins.map((w) =>
        fill(t.lineWin, { line: w.line, symbol: symbolName(t, w.symbol), count: w.count }),
      );
      shell.announce(
        round.win > 0 ? [fill(t.won, { amount: formatThb(round.win) }), ...details].join(' · ') : t.noWin,
      );
    } catch (error) {
      shell.showError(error);
    } finally {
      reels.classList.remove('spinning');
      spin.disabled = false;
      spin.textContent = t.spin;
    }
  });

  const payTable = h(
    'details',
    { class: 'paytable' },
    h('summary', {}, t.payTable),
    h(
      'table',
      {},
      h('tr', {}, h('td', {}), ...[3, 4, 5].map((n) => h('th', { scope: 'col' }, `${n}×`))),
      ...Object.entries(PAYS).map(([symbol, pays]) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, symbolName(t, symbol)),
          ...pays.map((p) => h('td', {}, `×${formatNumber(p)}`)),
        ),
      ),
    ),
  );

  return h(
    'section',
    { class: 'slot' },
    reels,
    h(
      'div',
      { class: 'controls' },
      h('label', { for: 'bet' }, t.betPerLine, betSelect),
      h('label', { for: 'lines' }, t.lines, linesSelect),
      total,
      spin,
    ),
    payTable,
  );
}
