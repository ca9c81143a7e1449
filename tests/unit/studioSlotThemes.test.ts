import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { StudioSession } from '../../studio/src/api';
import type { Shell } from '../../studio/src/shell';
import { slotView } from '../../studio/src/slot';
import { themeFor, THEMED_MOTIFS } from '../../studio/src/slotThemes';
import { textsFor } from '../../studio/src/texts';

// Issue 27: each sandbox slot is dressed from its own artwork, and opens on a grid of its own.

const ART = path.join(__dirname, '../../public/games/art');
const SLOT_MOTIFS = readdirSync(ART)
  .filter((file) => file.startsWith('slot-') && file.endsWith('.svg'))
  .map((file) => file.replace(/\.svg$/, ''));

function session(id: string, motif: string): StudioSession {
  return {
    session: '0123456789abcdef0123456789abcdef',
    game: {
      id,
      provider: 'alphabet',
      category: 'slot',
      name: id,
      thumbnail: `/games/art/${motif}.svg`,
      isNew: false,
      isHot: false,
      order: 10,
      opensIn: 'frame',
    },
    kind: 'slot',
    balance: 100_000,
    currency: 'THB',
    bets: [100, 500],
    lines: 10,
  };
}

/** The slot as the studio page shows it before the first spin. */
function openSlot(id: string, motif: string) {
  const shell: Shell = {
    t: textsFor('lo'),
    session: session(id, motif),
    setBalance: () => undefined,
    announce: () => undefined,
    showError: () => undefined,
  };
  const view = slotView(shell);
  const reels = view.querySelector('svg.reels')!;
  const payTable = [...view.querySelectorAll('table th[scope=row]')].map((th) => th.textContent);
  return { reels, grid: reels.getAttribute('aria-label')!, drawing: reels.innerHTML, payTable };
}

/** The grid with every picture symbol as "*": where the letters are. */
const letters = (grid: string) =>
  grid
    .split(/[ |]+/)
    .map((word) => (/^[JQKA]$/.test(word) ? word : '*'))
    .join(' ');

describe('sandbox slot themes', () => {
  it('has a theme for every slot artwork, with colours taken from that picture', () => {
    expect(SLOT_MOTIFS.length).toBeGreaterThanOrEqual(8);
    for (const motif of SLOT_MOTIFS) {
      expect(THEMED_MOTIFS).toContain(motif);
      const theme = themeFor(`/games/art/${motif}.svg`);
      const art = readFileSync(path.join(ART, `${motif}.svg`), 'utf8').toLowerCase();
      const fromArt = Object.values(theme.colours).filter((colour) => art.includes(colour.toLowerCase()));
      expect(`${motif}: ${fromArt.length} colours from its artwork`).toMatch(/: [2-6] colours/);
    }
  });

  it('paints each slot in its own colours and pictures', () => {
    const naga = openSlot('alp-slot-003', 'slot-naga');
    const fruit = openSlot('alp-slot-003', 'slot-fruit');
    expect(naga.reels.getAttribute('style')).toContain(themeFor('/games/art/slot-naga.svg').colours.machine);
    expect(fruit.reels.getAttribute('style')).toContain(
      themeFor('/games/art/slot-fruit.svg').colours.machine,
    );
    // The same grid, drawn with other symbols.
    expect(letters(naga.grid)).toBe(letters(fruit.grid));
    expect(naga.drawing).not.toBe(fruit.drawing);
  });

  it('names each picture as its slot draws it, on the reels and in the pay table', () => {
    const naga = openSlot('alp-slot-003', 'slot-naga');
    expect(naga.payTable).toEqual(expect.arrayContaining(['ໄຂ່ມຸກ', 'ຫຼຽນຄຳ', 'ພະຍານາກ']));
    expect(naga.payTable.join(' ')).not.toMatch(/ເຊີຣີ|ລະຄັງ/);
    expect(naga.grid).not.toMatch(/ເຊີຣີ|ລະຄັງ/);
    // The classic cherry slot keeps its cherries and bells.
    expect(openSlot('alp-slot-003', 'slot-cherry').payTable).toEqual(expect.arrayContaining(['ເຊີຣີ', 'ລະຄັງ']));
  });

  it('opens each game on a grid of its own, the same at every visit', () => {
    const grids = ['alp-slot-001', 'alp-slot-005', 'amb-slot-008', 'gc-slot-001'].map(
      (id) => openSlot(id, 'slot-lotus').grid,
    );
    expect(new Set(grids).size).toBe(grids.length);
    expect(openSlot('alp-slot-005', 'slot-lotus').grid).toBe(grids[1]);
  });

  it('falls back to the classic machine for a slot whose artwork has no theme', () => {
    expect(themeFor('/games/art/casino-roulette.svg')).toBe(themeFor('/games/art/slot-cherry.svg'));
  });
});
