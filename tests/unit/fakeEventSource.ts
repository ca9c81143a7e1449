import type { Order } from '@/api';

/**
 * A stand-in for the browser's EventSource, which jsdom lacks (and MSW cannot serve): installed on window
 * by a test, it records the streams the app opens and lets the test play the server's side: open, send
 * an order event, fail.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.instances.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server accepted the stream. */
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  /** The server pushed a new version of an order. */
  pushOrder(order: Order) {
    this.push('order', { order });
  }

  /** The server sent an event of this name with this data. */
  push(event: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }

  /** The connection failed; `closed` when the browser gives up (a refused stream). */
  fail(closed = false) {
    if (closed) this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }

  /** The stream the app holds open now. */
  static current(): FakeEventSource {
    const live = FakeEventSource.instances.filter((s) => s.readyState !== FakeEventSource.CLOSED);
    const source = live[live.length - 1];
    if (!source) throw new Error('the app holds no event stream');
    return source;
  }
}

/** Installs the fake for one test file; `absent` leaves the browser without EventSource at all. */
export function installFakeEventSource(): void {
  beforeEach(() => {
    FakeEventSource.instances = [];
    Object.defineProperty(window, 'EventSource', {
      value: FakeEventSource,
      configurable: true,
      writable: true,
    });
  });
  afterEach(() => {
    delete (window as { EventSource?: unknown }).EventSource;
  });
}
