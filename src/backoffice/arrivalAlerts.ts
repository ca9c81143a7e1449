/**
 * The alert when a withdrawal arrives for staff to decide (the stream's `review` event), opted into per
 * browser on the queue: a short tone and, where the staff member allowed it, a browser notification (seen
 * from another tab or with the window behind others). Off by default: an alert nobody asked for is noise.
 */
const STORAGE_KEY = 'backoffice.arrivalAlerts';

export function arrivalAlertsOn(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/**
 * Turns the alert on or off for this browser. Turning it on asks for the notification permission, in the
 * click that turned it on (browsers ask only from a person's gesture); refused, the tone still plays.
 */
export async function setArrivalAlerts(on: boolean): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  const notifications = globalThis.Notification;
  if (on && notifications && notifications.permission === 'default') await notifications.requestPermission();
}

/** Two short beeps from the Web Audio API: no sound file to download, nothing when audio is unavailable. */
function tone(): void {
  const Context = globalThis.AudioContext;
  if (typeof Context !== 'function') return;
  const audio = new Context();
  for (const [start, frequency] of [
    [0, 880],
    [0.25, 1175],
  ] as const) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.2, audio.currentTime + start);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + start + 0.2);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(audio.currentTime + start);
    oscillator.stop(audio.currentTime + start + 0.2);
  }
  setTimeout(() => void audio.close(), 1000);
}

/** Alerts the arrival of withdrawal `code`, when this browser opted in. */
export function alertArrival(code: string, text: { title: string; body: string }): void {
  if (!arrivalAlertsOn()) return;
  tone();
  const notifications = globalThis.Notification;
  if (notifications?.permission === 'granted') new notifications(text.title, { body: text.body, tag: code });
}
