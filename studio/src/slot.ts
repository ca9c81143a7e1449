import {
  lineWins,
  LINES,
  PAYLINES,
  PAYS,
  REELS,
  ROWS,
  SYMBOLS,
  type LineWin,
  type Reels,
} from '@core/slotRules';
import { playRound } from './api';
import { h, svg } from './dom';
import { formatNumber } from '@core/numberFormat';
import { formatThb } from './format';
import type { Shell } from './shell';
import { openingGrid, themeFor, type SlotTheme } from './slotThemes';
import { fill, symbolName } from './texts';

// The pay table and line shapes are the server's own (slotRules.ts), so the page draws exactly what pays.

const CELL = 100;

/** A symbol drawn in a 100×100 cell, as the slot's theme draws it. */
function symbolArt(theme: SlotTheme, symbol: string): SVGElement {
  if (symbol === 'CHERRY' || symbol === 'BELL' || symbol === '7') return theme.pictures[symbol]();
  return svg(
    'text',
    {
      x: 50,
      y: 70,
      'text-anchor': 'middle',
      'font-size': 56,
      'font-weight': 700,
      fill: theme.letters[symbol as keyof SlotTheme['letters']] ?? '#222',
    },
    symbol,
  );
}

/** A symbol at the size of a line of the pay table. */
function symbolIcon(theme: SlotTheme, symbol: string): SVGElement {
  return svg(
    'svg',
    { viewBox: `0 0 ${CELL} ${CELL}`, class: 'symbol', 'aria-hidden': 'true' },
    svg('rect', { width: CELL, height: CELL, rx: 16, fill: theme.colours.cell }),
    symbolArt(theme, symbol),
  );
}

/** The theme's colours as the custom properties studio.css paints the machine with. */
function themeStyle({ colours }: SlotTheme): string {
  return [
    `--machine: ${colours.machine}`,
    `--cell: ${colours.cell}`,
    `--cell-border: ${colours.border}`,
    `--hit: ${colours.hit}`,
    `--hit-border: ${colours.hitBorder}`,
    `--line: ${colours.line}`,
  ].join('; ');
}

function cellCentre(reel: number, row: number): string {
  return `${reel * CELL + CELL / 2},${row * CELL + CELL / 2}`;
}

export function slotView(shell: Shell): HTMLElement {
  const { t, session } = shell;
  const theme = themeFor(session.game.thumbnail);
  let bet = session.bets[0]!;
  let lines = session.lines || LINES;

  const reels = svg('svg', {
    viewBox: `0 0 ${REELS * CELL} ${ROWS * CELL}`,
    class: 'reels',
    style: themeStyle(theme),
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
          symbolArt(theme, symbol),
        );
      }),
    );
    reels.setAttribute(
      'aria-label',
      `${t.reels}: ${symbols.map((column) => column.map((s) => symbolName(t, s, theme.names)).join(' ')).join(' | ')}`,
    );
  }
  draw(openingGrid(session.game.id, SYMBOLS, REELS, ROWS) as Reels, []);

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
        fill(t.lineWin, { line: w.line, symbol: symbolName(t, w.symbol, theme.names), count: w.count }),
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
          // The symbol as this slot draws it, beside its name.
          h('th', { scope: 'row' }, symbolIcon(theme, symbol), symbolName(t, symbol, theme.names)),
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
