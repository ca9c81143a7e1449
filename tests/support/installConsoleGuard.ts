import { installConsoleGuard } from './consoleGuard';

// A setupFilesAfterEnv module of both Jest projects (jest.config.mjs).
installConsoleGuard();
