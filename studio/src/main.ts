import { openSession, StudioError } from './api';
import { h } from './dom';
import { formatThb } from './format';
import { revealView } from './reveal';
import type { Shell } from './shell';
import { slotView } from './slot';
import { tableView } from './table';
import { errorText, textsFor } from './texts';
import './studio.css';

// The sandbox game studio's page (server/src/sandbox/studio/page.ts serves the HTML): reads its launch
// token once, opens a studio session with it, and shows the game of the session's kind.

const root = document.getElementById('studio')!;
const { provider = '', game = '', lang } = root.dataset;
const t = textsFor(lang);
const params = new URLSearchParams(location.search);
const token = params.get('token');
// The token is spent by the call below: drop it from the address so it is not kept in the frame's history.
params.delete('token');
const rest = params.toString();
history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}`);

const title = root.querySelector('h1') ?? h('h1', {}, document.title);
const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
const alert = h('p', { class: 'error', role: 'alert' });

function codeOf(error: unknown): string {
  return error instanceof StudioError ? error.code : 'INTERNAL_ERROR';
}

function showError(error: unknown) {
  alert.textContent = error === null ? '' : errorText(t, codeOf(error));
}

root.replaceChildren(title, h('p', { class: 'status' }, t.loading), alert);

async function start() {
  if (!token) {
    alert.textContent = t.noToken;
    root.replaceChildren(title, alert);
    return;
  }
  try {
    const session = await openSession(provider, game, token);
    const balance = h('output', { class: 'amount' }, `${formatThb(session.balance)} THB`);
    const shell: Shell = {
      t,
      session,
      setBalance: (satang) => (balance.textContent = `${formatThb(satang)} THB`),
      announce: (text) => (status.textContent = text),
      showError,
    };
    title.textContent = session.game.name;
    const view =
      session.kind === 'slot'
        ? slotView(shell)
        : session.kind === 'table'
          ? tableView(shell)
          : revealView(shell);
    root.replaceChildren(
      h('header', { class: 'bar' }, title, h('p', { class: 'balance' }, `${t.balance}: `, balance)),
      view,
      status,
      alert,
    );
  } catch (error) {
    showError(error);
    root.replaceChildren(title, alert);
  }
}

void start();
