import { setupServer } from 'msw/node';

/** One MSW server for the whole run; each test installs handlers over its own fresh FakeState. */
export const server = setupServer();
