import { svg } from './dom';
import type { TextKey } from './texts';

// Each sandbox slot is dressed from its own artwork (public/games/art/slot-<motif>.svg): the machine's
// colours and the three picture symbols come from that picture, so "Naga Treasure Temple" does not look like
// "Cherry Pop". Only the drawing changes: the symbols' ids, their weights and pays are the server's
// (core/slotRules.ts), the same for every slot.

type Drawing = () => SVGElement;
type Picture = 'CHERRY' | 'BELL' | '7';
type Letter = 'J' | 'Q' | 'K' | 'A';

export interface SlotTheme {
  motif: string;
  /** Behind the reels, a cell, a cell's border, a winning cell's fill and border, a winning line. */
  colours: { machine: string; cell: string; border: string; hit: string; hitBorder: string; line: string };
  letters: Record<Letter, string>;
  /** The low, middle and top picture symbols, drawn in a 100×100 cell. */
  pictures: Record<Picture, Drawing>;
  /** What each picture is called where it is not the cherry, bell or 7 it stands for. */
  names: Partial<Record<Picture, TextKey>>;
}

const g = (...children: SVGElement[]) => svg('g', {}, ...children);
const circle = (
  cx: number,
  cy: number,
  r: number,
  fill: string,
  extra: Record<string, string | number> = {},
) => svg('circle', { cx, cy, r, fill, ...extra });
const path = (d: string, fill: string, extra: Record<string, string | number> = {}) =>
  svg('path', { d, fill, ...extra });
const outline = (colour: string, width = 3) => ({
  stroke: colour,
  'stroke-width': width,
  'stroke-linejoin': 'round',
});

// A small vocabulary of shapes, coloured per theme.
const cherries =
  (fruit: string, stem: string): Drawing =>
  () =>
    g(
      path('M36 62 Q44 30 62 22 M64 62 Q62 36 62 22', 'none', { stroke: stem, 'stroke-width': 5 }),
      circle(34, 66, 15, fruit),
      circle(66, 66, 15, fruit),
    );
const bell =
  (body: string, edge: string): Drawing =>
  () =>
    g(
      path('M50 20 C32 20 30 40 30 56 L24 70 L76 70 L70 56 C70 40 68 20 50 20 Z', body, outline(edge)),
      circle(50, 76, 7, edge),
    );
const seven =
  (fill: string, edge: string): Drawing =>
  () =>
    path('M28 22 H74 V32 L50 82 H36 L60 34 H28 Z', fill, outline(edge, 4));
const bars =
  (fill: string, edge: string): Drawing =>
  () =>
    g(
      ...[24, 44, 64].map((y) =>
        svg('rect', { x: 20, y, width: 60, height: 14, rx: 4, fill, ...outline(edge) }),
      ),
    );
const gem =
  (fill: string, edge: string, shine: string): Drawing =>
  () =>
    g(
      path('M30 26 H70 L84 44 L50 84 L16 44 Z', fill, outline(edge)),
      path('M30 26 L40 44 H60 L70 26 M16 44 H84 M40 44 L50 84 L60 44', 'none', outline(shine, 2)),
    );
const pearl =
  (fill: string, glow: string): Drawing =>
  () =>
    g(
      circle(50, 52, 28, glow, { opacity: 0.45 }),
      circle(50, 52, 20, fill),
      circle(43, 45, 6, '#fff', { opacity: 0.8 }),
    );
const coin =
  (fill: string, edge: string): Drawing =>
  () =>
    g(
      circle(50, 50, 30, fill, outline(edge)),
      svg('rect', { x: 42, y: 42, width: 16, height: 16, fill: 'none', ...outline(edge) }),
    );
const lantern =
  (fill: string, edge: string): Drawing =>
  () =>
    g(
      svg('rect', { x: 44, y: 14, width: 12, height: 8, fill: edge }),
      svg('ellipse', { cx: 50, cy: 50, rx: 26, ry: 28, fill, ...outline(edge) }),
      path('M50 22 V78 M36 28 Q28 50 36 72 M64 28 Q72 50 64 72', 'none', outline(edge, 2)),
      path('M44 80 H56 L54 90 H46 Z', edge),
    );
const flower =
  (petal: string, centre: string, edge: string): Drawing =>
  () =>
    g(
      ...[0, 72, 144, 216, 288].map((turn) =>
        svg('ellipse', {
          cx: 50,
          cy: 30,
          rx: 11,
          ry: 20,
          fill: petal,
          transform: `rotate(${turn} 50 52)`,
          ...outline(edge, 2),
        }),
      ),
      circle(50, 52, 10, centre),
    );
const bud =
  (fill: string, edge: string, leaf: string): Drawing =>
  () =>
    g(
      path('M50 16 C70 36 70 62 50 74 C30 62 30 36 50 16 Z', fill, outline(edge)),
      path('M50 74 C36 84 24 80 18 72 C30 70 42 72 50 74 C58 72 70 70 82 72 C76 80 64 84 50 74 Z', leaf),
    );
const leaf =
  (fill: string, edge: string): Drawing =>
  () =>
    g(circle(50, 54, 30, fill, outline(edge)), path('M50 54 L72 30 L80 46 Z', '#ffffff', { opacity: 0.9 }));
const elephant =
  (skin: string, edge: string, cloth: string): Drawing =>
  () =>
    g(
      svg('ellipse', { cx: 26, cy: 46, rx: 16, ry: 22, fill: skin, ...outline(edge) }),
      svg('ellipse', { cx: 74, cy: 46, rx: 16, ry: 22, fill: skin, ...outline(edge) }),
      circle(50, 44, 22, skin, outline(edge)),
      path('M44 56 C42 74 46 86 56 86 C58 80 54 76 56 60 Z', skin, outline(edge)),
      path('M36 24 H64 L58 34 H42 Z', cloth),
      circle(42, 44, 3, edge),
      circle(58, 44, 3, edge),
    );
const parasol =
  (fill: string, edge: string): Drawing =>
  () =>
    g(
      path('M16 48 Q50 8 84 48 Z', fill, outline(edge)),
      path('M50 48 V82 Q50 88 44 86', 'none', outline(edge, 4)),
      path('M16 48 Q33 40 50 48 Q67 40 84 48', 'none', outline(edge, 2)),
    );
const serpent =
  (body: string, edge: string, crest: string): Drawing =>
  () =>
    g(
      path('M22 86 C10 60 40 56 50 50 C64 42 58 24 44 26', 'none', {
        stroke: body,
        'stroke-width': 14,
        'stroke-linecap': 'round',
      }),
      path('M30 22 C38 10 56 10 62 22 C58 30 40 32 30 22 Z', body, outline(edge)),
      path('M34 14 L40 4 L46 12 L52 2 L56 14', 'none', outline(crest, 4)),
      circle(54, 20, 3, crest),
    );
const flamingOrb =
  (orb: string, flame: string): Drawing =>
  () =>
    g(
      path('M50 10 C62 26 78 30 74 56 C70 80 30 80 26 56 C22 30 38 26 50 10 Z', flame),
      circle(50, 56, 20, orb),
      circle(44, 50, 6, '#fff', { opacity: 0.7 }),
    );
const orange =
  (fill: string, leafColour: string): Drawing =>
  () =>
    g(circle(50, 56, 26, fill), path('M50 30 C56 18 70 18 74 24 C66 30 58 32 50 30 Z', leafColour));
const melon =
  (rind: string, flesh: string, seed: string): Drawing =>
  () =>
    g(
      path('M14 40 A36 36 0 0 0 86 40 Z', rind),
      path('M20 40 A30 30 0 0 0 80 40 Z', flesh),
      ...[32, 44, 56, 68].map((x) => svg('ellipse', { cx: x, cy: 52, rx: 2.5, ry: 4, fill: seed })),
    );

/** The themes, by the motif of the game's thumbnail (`/games/art/<motif>.svg`). */
const THEMES: SlotTheme[] = [
  {
    motif: 'slot-cherry',
    colours: {
      machine: '#4a0612',
      cell: '#fff3c4',
      border: '#e0102a',
      hit: '#ffe6ea',
      hitBorder: '#ffd54f',
      line: '#ff6f91',
    },
    letters: { J: '#1d5fa8', Q: '#7a2f96', K: '#176638', A: '#a3261b' },
    pictures: {
      CHERRY: cherries('#e0102a', '#2f7d32'),
      BELL: bell('#ffd54f', '#7a5800'),
      '7': seven('#e0102a', '#5a0d0d'),
    },
    names: {},
  },
  {
    motif: 'slot-seven',
    colours: {
      machine: '#3b0a05',
      cell: '#fff3b0',
      border: '#ffc928',
      hit: '#ffe082',
      hitBorder: '#ff6b5e',
      line: '#ff6b5e',
    },
    letters: { J: '#2b4c9b', Q: '#8a2d7a', K: '#1f6b3b', A: '#b23a00' },
    pictures: {
      CHERRY: bars('#ffc928', '#6b4a00'),
      BELL: seven('#2b6cd6', '#0d2a66'),
      '7': seven('#ff3b2f', '#6b0d05'),
    },
    names: { CHERRY: 'symbolBar', BELL: 'symbolBlueSeven' },
  },
  {
    motif: 'slot-naga',
    colours: {
      machine: '#0a0a33',
      cell: '#e8efff',
      border: '#f5b316',
      hit: '#fff1a6',
      hitBorder: '#ffe14d',
      line: '#29b6f6',
    },
    letters: { J: '#1d2a8c', Q: '#075232', K: '#01386b', A: '#8b0015' },
    pictures: {
      CHERRY: pearl('#e3f2fd', '#29b6f6'),
      BELL: coin('#f5b316', '#7a4200'),
      '7': serpent('#19a35c', '#04331d', '#f5b316'),
    },
    names: { CHERRY: 'symbolPearl', BELL: 'symbolGoldCoin', '7': 'symbolNaga' },
  },
  {
    motif: 'slot-dragon',
    colours: {
      machine: '#064d2a',
      cell: '#fff0d0',
      border: '#a35c00',
      hit: '#ffe9a8',
      hitBorder: '#ffd54f',
      line: '#ff5a36',
    },
    letters: { J: '#0a6b3a', Q: '#7a1f1f', K: '#a35c00', A: '#b0122a' },
    pictures: {
      CHERRY: coin('#2fa866', '#064d2a'),
      BELL: lantern('#d62828', '#6b3a00'),
      '7': flamingOrb('#ffd54f', '#e65100'),
    },
    names: { CHERRY: 'symbolJadeCoin', BELL: 'symbolLantern', '7': 'symbolDragonOrb' },
  },
  {
    motif: 'slot-gems',
    colours: {
      machine: '#1b0b2e',
      cell: '#e8f7ff',
      border: '#8e7cc3',
      hit: '#ffd6dc',
      hitBorder: '#ff4d6d',
      line: '#ff4d6d',
    },
    letters: { J: '#0077b6', Q: '#7b2cbf', K: '#2d6a4f', A: '#c9184a' },
    pictures: {
      CHERRY: gem('#2ecc71', '#0b5d2e', '#d9ffe8'),
      BELL: gem('#3a86ff', '#0b2a66', '#e8f7ff'),
      '7': gem('#e8113f', '#6b0018', '#ffd6dc'),
    },
    names: { CHERRY: 'symbolEmerald', BELL: 'symbolSapphire', '7': 'symbolRuby' },
  },
  {
    motif: 'slot-fruit',
    colours: {
      machine: '#2e5d12',
      cell: '#fffde7',
      border: '#ff9100',
      hit: '#ffe082',
      hitBorder: '#c43e00',
      line: '#c43e00',
    },
    letters: { J: '#1565c0', Q: '#6a1b9a', K: '#2e7d32', A: '#c43e00' },
    pictures: {
      CHERRY: cherries('#d50000', '#2e7d32'),
      BELL: orange('#ff9100', '#2e7d32'),
      '7': melon('#2e7d32', '#ff5252', '#1b1b1b'),
    },
    names: { BELL: 'symbolOrange', '7': 'symbolWatermelon' },
  },
  {
    motif: 'slot-elephant',
    colours: {
      machine: '#2c3340',
      cell: '#fff8e6',
      border: '#a86a00',
      hit: '#fff3b0',
      hitBorder: '#ffd54f',
      line: '#ffd54f',
    },
    letters: { J: '#3d5a80', Q: '#6a4c93', K: '#386641', A: '#9d0208' },
    pictures: {
      CHERRY: parasol('#c62828', '#6b1010'),
      BELL: bell('#ffd54f', '#a86a00'),
      '7': elephant('#d9dee7', '#6a7486', '#c62828'),
    },
    names: { CHERRY: 'symbolParasol', '7': 'symbolElephant' },
  },
  {
    motif: 'slot-lotus',
    colours: {
      machine: '#3d0d2a',
      cell: '#fff5f9',
      border: '#f48fb1',
      hit: '#ffd3e4',
      hitBorder: '#ff6fa6',
      line: '#ff6fa6',
    },
    letters: { J: '#1e6091', Q: '#7b2cbf', K: '#2b9348', A: '#c2185b' },
    pictures: {
      CHERRY: leaf('#43a047', '#1b5e20'),
      BELL: bud('#ff8ab8', '#ad1457', '#43a047'),
      '7': flower('#ff8ab8', '#ffe9a8', '#ad1457'),
    },
    names: { CHERRY: 'symbolLotusLeaf', BELL: 'symbolLotusBud', '7': 'symbolLotus' },
  },
];

/** The motif a thumbnail address names, e.g. `slot-naga` for `/games/art/slot-naga.svg`. */
export function motifOf(thumbnail: string): string {
  return /\/([a-z0-9-]+)\.svg$/.exec(thumbnail)?.[1] ?? '';
}

/** The theme of a game's artwork; a slot whose artwork has no theme gets the classic fruit machine. */
export function themeFor(thumbnail: string): SlotTheme {
  const motif = motifOf(thumbnail);
  return THEMES.find((theme) => theme.motif === motif) ?? THEMES[0]!;
}

/** Every theme's motif: the tests check each slot motif of the catalogue has one. */
export const THEMED_MOTIFS = THEMES.map((theme) => theme.motif);

/**
 * The grid shown before the first spin, different for each game: drawn from its id, not from a round (it
 * pays nothing and is never sent to the server). FNV-1a of the id seeds a small linear generator.
 */
export function openingGrid(
  gameId: string,
  symbols: readonly string[],
  reels: number,
  rows: number,
): string[][] {
  let seed = 0x811c9dc5;
  for (const char of gameId) seed = Math.imul(seed ^ char.charCodeAt(0), 0x01000193) >>> 0;
  const next = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed;
  };
  return Array.from({ length: reels }, () =>
    Array.from({ length: rows }, () => symbols[next() % symbols.length]!),
  );
}
